log = run()
assert order == log, (
    f"fired: {log}")
