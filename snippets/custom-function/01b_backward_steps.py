x = torch.tensor([0., 1.],
                 dtype=torch.float64,
                 requires_grad=True)
y = Exp.apply(x)
# zh: 就是 y.sum().backward()，外加记录
# en: y.sum().backward(), recorded
backward_steps(y.sum(), names={
    "x": x, "y": y})
