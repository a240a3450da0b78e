import torch
from wcwidth import wcswidth


def tensor(spec):
    return torch.ones(spec) if isinstance(spec, tuple) else torch.tensor(spec)


def call(name, a, b):
    if name == "@":
        return a @ b
    if name.startswith("einsum "):
        return torch.einsum(name.split()[1], a, b)
    return getattr(torch, name.removeprefix("torch."))(a, b)


def result(name, a, b):
    try:
        out = call(name, tensor(a), tensor(b))
    except RuntimeError as error:  # show torch's own message
        return str(error).splitlines()[0]
    shape = str(list(out.shape))
    return shape if out.dim() else f"{shape} = {out.item()}"


def cell(spec):
    return str(spec) if isinstance(spec, tuple) else f"tensor({spec})"


ROWS = [(name, cell(a), cell(b), result(name, a, b)) for name, a, b in CASES]


def pad(text, width):  # Chinese characters are two columns wide
    return text + " " * (width - wcswidth(text))


widths = [max(wcswidth(row[i]) for row in [HEADERS, *ROWS]) for i in range(3)]
for row in [HEADERS, tuple("-" * w for w in widths) + ("-" * 20,), *ROWS]:
    print("  ".join(pad(text, w) for text, w in zip(row, widths)), row[3], sep="  ")
