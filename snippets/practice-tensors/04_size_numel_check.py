assert n_torch == n_numpy, (
    f"n_torch = {n_torch!r}")
assert cols_torch == cols_numpy, (
    f"cols_torch = {cols_torch!r}")
