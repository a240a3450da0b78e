x = torch.tensor([1., 2., 3.], requires_grad=True)
a1 = x * 2
a1.retain_grad()  # before backward
out = (a1 ** 2).sum()
out.backward()
print(a1.retains_grad, a1.grad)
print(x.grad)
g_retain = a1.grad
