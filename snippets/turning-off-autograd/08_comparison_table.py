import contextlib

CONTEXTS = {
    "none (a * 2)": contextlib.nullcontext,  # baseline: autograd on
    "no_grad": torch.no_grad,
    "inference_mode": torch.inference_mode,
    "set_grad_enabled": lambda: torch.set_grad_enabled(False),
}


def yes(flag):
    return "yes" if flag else "no"


HEADERS = ("way", "graph", "requires_grad", "later backward", "same memory")
rows, notes = [], []
for way in [*CONTEXTS, "detach"]:
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    if way == "detach":
        r = a.detach()
    else:
        with CONTEXTS[way]():
            r = a * 2
    try:
        (r * a).sum().backward()  # r * a saves r for the backward pass
        later = "yes"
        notes.append(f"{way}: a.grad = {a.grad}")
    except RuntimeError as e:
        later = "no (error)"
        notes.append(f"{way}: {type(e).__name__}: {e}".split(". ")[0])
    rows.append((way, yes(r.grad_fn is not None), yes(r.requires_grad), later,
                 yes(r.data_ptr() == a.data_ptr())))

widths = [max(len(row[i]) for row in [HEADERS, *rows]) for i in range(len(HEADERS))]
for n, row in enumerate([HEADERS, *rows]):
    print(" | ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip())
    if n == 0:
        print("-+-".join("-" * w for w in widths))

print("\nafter (r * a).sum().backward():")
for line in notes:
    print("  " + line)

a = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.no_grad():
    v = a[:]  # a view made under no_grad
print("\na view made under no_grad shares memory:", yes(v.data_ptr() == a.data_ptr()))
