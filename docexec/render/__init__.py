"""render: outcomes -> Markdown (code and output in place of each block) -> the page's HTML.

May not touch: MkDocs objects, other pages. Input: one page's Markdown and outcomes.
"""
