import textwrap

import torch

WIDTH = 36  # columns of a line: what a 375 px phone shows of an output without scrolling


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

# One group per function; a row is "input 1 · input 2 → result", and a result that does not
# fit on its row goes under it, wrapped to WIDTH.
for name in dict.fromkeys(row[0] for row in ROWS):
    print(name)
    for _, a, b, out in (row for row in ROWS if row[0] == name):
        if len(f"  {a} · {b} → {out}") <= WIDTH:
            print(f"  {a} · {b} → {out}")
        else:
            print(f"  {a} · {b}")
            print(textwrap.fill(out, WIDTH, initial_indent="    → ", subsequent_indent="      ",
                                break_long_words=False, break_on_hyphens=False))
