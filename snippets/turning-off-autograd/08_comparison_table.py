import contextlib

from wcwidth import wcswidth

CONTEXTS = {
    # zh: 对照组：自动微分开启
    # en: baseline: autograd on
    "nullcontext":
        contextlib.nullcontext,
    "no_grad": torch.no_grad,
    "inference_mode":
        torch.inference_mode,
    "set_grad_enabled": lambda:
        torch.set_grad_enabled(
            False),
}


def yes(flag):
    return YES if flag else NO


# zh: 汉字占两列
# en: Chinese characters are two
# en: columns wide
def pad(text, width):
    return text + " " * (
        width - wcswidth(text))


rows, notes, grads = [], [], {}
for way in [*CONTEXTS, "detach",
            "no_grad + a[:]"]:
    a = torch.tensor(
        [1.0, 2.0],
        requires_grad=True)
    if way == "detach":
        r = a.detach()
    elif way == "no_grad + a[:]":
        with torch.no_grad():
            # zh: 在 no_grad 下得到的视图
            # en: a view made under
            # en: no_grad
            r = a[:]
    else:
        with CONTEXTS[way]():
            r = a * 2
    try:
        # zh: r * a 为反向传播保存 r
        # en: r * a saves r for the
        # en: backward pass
        (r * a).sum().backward()
        later = YES
        grads[way] = a.grad
        notes.append(
            f"{way}: a.grad = "
            f"{a.grad}")
    except RuntimeError as e:
        later = FAILS
        notes.append((
            f"{way}: "
            f"{type(e).__name__}: "
            f"{e}"
        ).split(". ")[0])
    rows.append((
        way,
        yes(r.grad_fn is not None),
        yes(r.requires_grad),
        later,
        yes(r.data_ptr()
            == a.data_ptr()),
    ))

widths = [
    max(wcswidth(row[i])
        for row in [HEADERS, *rows])
    for i in range(len(HEADERS))
]
for n, row in enumerate(
        [HEADERS, *rows]):
    print(" | ".join(
        pad(c, w)
        for c, w in zip(row, widths)
    ).rstrip())
    if n == 0:
        print("-+-".join(
            "-" * w for w in widths))

print("\n" + AFTER)
for line in notes:
    print("  " + line)
