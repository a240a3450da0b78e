"""site: the pages as a whole: both trees mirrored, pages run ahead, search, serve, the i18n fix.

May not touch: page content or execution; it works on the site's files, File objects and index.
"""
