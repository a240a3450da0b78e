from collections import Counter


def nodes(t):
    """The backward nodes from t down
    to the leaf (each has one input
    here)."""
    names, node = [], t.grad_fn
    while node is not None:
        names.append(
            type(node).__name__)
        node = next(
            (n for n, _
             in node.next_functions
             if n is not None),
            None)
    return Counter(names)


for value in [1.5, -0.25]:
    a = torch.tensor(
        value, requires_grad=True)
    d = f(a)
    d.backward()
    print(
        f"a = {value}: "
        f"d = {d.item()}, "
        f"a.grad = {a.grad.item()}, "
        f"nodes(d) = "
        f"{dict(nodes(d))}"
    )
    assert a.grad == d / a
