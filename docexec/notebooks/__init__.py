"""notebooks: every page as a notebook to download (pagebook); practice pages run (practice) and
their rendered HTML finished (practice_page); each chapter page's list of exercises (exercises).

May not touch: MkDocs' file list; a page's Markdown, but for the exercise list exercises adds to
the end of a chapter page. Notebooks are made from what they are given.
"""
