x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
a1 = x * 2
out = (a1 ** 2).sum()
g_grad, g_x = torch.autograd.grad(
    out, (a1, x))
print(g_grad, g_x)
# zh: 没有写入 .grad
# en: nothing was written to .grad
print(x.grad)
