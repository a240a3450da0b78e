calls = 0
x = torch.tensor([0., 1., 2.],
                 dtype=torch.float64,
                 requires_grad=True)
out = run(x)
after_forward = calls
assert out.requires_grad, (
    "run(x).requires_grad = False")


def node_names(fn):
    # zh: fn 以下整张图的节点名
    # en: the names of the nodes of the
    # en: graph below fn
    if fn is None:
        return set()
    return {type(fn).__name__}.union(
        *(node_names(n) for n, _ in
          fn.next_functions))


# zh: use_reentrant=True（不写时也是它）
# zh: 把整个块记成一个节点
# en: use_reentrant=True (also what
# en: leaving it out gives) records
# en: the whole block as one node
assert "CheckpointFunctionBackward" \
    not in node_names(out.grad_fn), (
    "use_reentrant=True")
out.backward()
# zh: 前向传播一次，反向传播时重算一次
# en: once forward, once more when
# en: backward recomputes it
assert (after_forward, calls) == (
    1, 2), (after_forward, calls)
assert x.grad is not None and (
    torch.allclose(
        x.grad,
        torch.cos(2 * x.detach()))
), x.grad
