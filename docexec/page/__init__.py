"""page: a page's text -> its blocks (fences, options, snippets), links, glossary table.

May not touch: execution, rendering, MkDocs objects. Reads page text, snippets/ and glossary.yml.
"""
