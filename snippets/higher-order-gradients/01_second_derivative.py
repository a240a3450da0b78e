import torch

x = torch.tensor(3., requires_grad=True)
y = x ** 3

(dy,) = torch.autograd.grad(y, x, create_graph=True)  # 3x^2, and record how
print(dy)
(d2y,) = torch.autograd.grad(dy, x)                   # d/dx of 3x^2 = 6x
print(d2y)
assert dy == 3 * x ** 2 and d2y == 6 * x
