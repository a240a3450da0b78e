"""execute: blocks -> outcomes, each page in a fresh process forked from a warm server.

May not touch: rendering, MkDocs objects. Input: blocks; output: one Outcome per block.
"""
