import torch

x = torch.arange(4.0, requires_grad=True)
y = x * x
u = y.detach()  # same values as y, but a constant to autograd
z = u * x

z.sum().backward()
print(u)
print(x.grad)
assert torch.equal(x.grad, u)  # dz/dx = u, not 3 * x ** 2
