"""core: what every stage uses: the settings, the error type and reporter, paths as shown."""
