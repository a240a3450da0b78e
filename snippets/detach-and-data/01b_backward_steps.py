x = torch.arange(4.0,
                 requires_grad=True)
y = x * x
u = y.detach()
z = u * x
# zh: 就是 z.sum().backward()，外加记录
# en: z.sum().backward(), recorded
backward_steps(z.sum(), names={
    "x": x, "y": y, "u": u, "z": z})
