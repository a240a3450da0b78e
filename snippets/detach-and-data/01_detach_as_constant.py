import torch

x = torch.arange(4.0,
                 requires_grad=True)
y = x * x
# zh: 数值与 y 相同，但对 autograd
# zh: 而言是常数
# en: same values as y, but a constant
# en: to autograd
u = y.detach()
z = u * x

z.sum().backward()
print(u)
print(x.grad)
# zh: dz/dx = u，而不是 3 * x ** 2
# en: dz/dx = u, not 3 * x ** 2
assert torch.equal(x.grad, u)
