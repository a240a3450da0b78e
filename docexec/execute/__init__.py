"""execute: blocks -> outcomes, each page in a fresh process forked from a warm server."""
