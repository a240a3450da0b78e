examples = [
    ("torch.zeros(2, 3)",
     torch.zeros(2, 3), (2, 3)),
    ("torch.tensor(2.0)",
     torch.tensor(2.0), ()),
    ("torch.tensor([2.0])",
     torch.tensor([2.0]), (1,)),
]
for label, x, expected in examples:
    try:
        got = shape_of(x)
    except TypeError as error:
        got = error
    assert got == expected, (
        f"shape_of({label}) -> "
        f"{got!r}")
