x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
a1 = x * 2
# zh: 在 backward 之前
# en: before backward
a1.retain_grad()
out = (a1 ** 2).sum()
out.backward()
print(a1.retains_grad, a1.grad)
print(x.grad)
g_retain = a1.grad
