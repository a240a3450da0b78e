x = torch.tensor([2, 3],
                 dtype=torch.float,
                 requires_grad=True)
y = torch.zeros(1, 2)
y[0, 0] = x[0] ** 2 + 3 * x[1]
y[0, 1] = x[1] ** 2 + 2 * x[0]
# zh: 就是 y.backward(...)，外加记录
# en: y.backward(...), recorded
backward_steps(
    y, torch.Tensor([[1, 1]]),
    names={"x": x, "y": y})
