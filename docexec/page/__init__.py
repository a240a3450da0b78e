"""page: a page's text -> its blocks (fences, options, snippets), links, glossary table."""
