"""core: what every stage uses: the settings, the error type and reporter, paths as shown.

May not touch: pages, blocks, MkDocs objects; every stage imports core, core no other stage.
"""
