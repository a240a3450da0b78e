import torch

x = torch.tensor(3., requires_grad=True)
y = x ** 3
dy, = torch.autograd.grad(y, x)  # 3 * x**2 = 27
print(dy, dy.requires_grad)

# TODO: the second derivative d2y/dx2 = 6 * x, by differentiating dy once more
d2y = None
print(d2y)
