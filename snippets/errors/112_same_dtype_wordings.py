# float32
v = torch.ones(2)
m = torch.ones(2, 2,
               dtype=torch.float64)
x = torch.ones(1, 2,
               dtype=torch.float64)
cases = {
    "v @ m (1-D on the left)":
        lambda: v @ m,
    "m @ v (1-D on the right)":
        lambda: m @ v,
    "v @ v (two 1-D)":
        lambda: v @ v.double(),
    "Linear(2, 1)(x)":
        lambda: torch.nn.Linear(
            2, 1)(x),
    "Linear(2, 1, bias=False)(x)":
        lambda: torch.nn.Linear(
            2, 1, bias=False)(x),
}
for name, case in cases.items():
    try:
        case()
    except RuntimeError as error:
        print(
            f"{name}:\n"
            f"RuntimeError: {error}")
