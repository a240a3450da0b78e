"""notebooks: every page as a notebook to download (pagebook); practice pages run (practice).

May not touch: a page's Markdown, MkDocs' file list. Notebooks are made from what they are given.
"""
