examples = [
    ("x", x, torch.tensor(
        [0., 1., 2., 3., 4., 5.])),
    ("t", t, torch.tensor(
        [0., 3., 1., 4., 2., 5.])),
]
for label, m, expected in examples:
    try:
        got = flatten(m)
    except RuntimeError as error:
        got = error
    right = (
        isinstance(got, torch.Tensor)
        and torch.equal(
            got, expected))
    assert right, (
        f"flatten({label}) -> "
        f"{got!r}")
