calls = 0
x = torch.tensor([0., 1., 2.],
                 dtype=torch.float64,
                 requires_grad=True)
out = run(x)
after_forward = calls
out.backward()
# zh: 前向传播一次，反向传播时重算一次
# en: once forward, once more when
# en: backward recomputes it
assert (after_forward, calls) == (
    1, 2), (after_forward, calls)
assert torch.allclose(
    x.grad, torch.cos(2 * x.detach())
), x.grad
