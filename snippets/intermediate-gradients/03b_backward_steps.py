x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
a1 = x * 2
a1.retain_grad()
out = (a1 ** 2).sum()
# zh: 就是 out.backward()，外加记录
# en: out.backward(), recorded
backward_steps(out, names={
    "x": x, "a1": a1, "out": out})
