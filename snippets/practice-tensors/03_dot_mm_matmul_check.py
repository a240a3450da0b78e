calls = {
    "torch.dot(v, v)":
        lambda: torch.dot(v, v),
    "torch.dot(m, m)":
        lambda: torch.dot(m, m),
    "torch.mm(v, m)":
        lambda: torch.mm(v, m),
    "torch.mm(v.view(1, 2), m)":
        lambda: torch.mm(
            v.view(1, 2), m),
    "torch.matmul(v, m)":
        lambda: torch.matmul(v, m),
    "torch.matmul(m, v)":
        lambda: torch.matmul(m, v),
}
for call, run in calls.items():
    try:
        run()
        works = True
    except RuntimeError:
        works = False
    assert (
        accepts.get(call) == works
    ), (
        f"accepts[{call!r}] = "
        f"{accepts.get(call)!r}"
    )
