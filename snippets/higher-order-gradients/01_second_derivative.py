import torch

x = torch.tensor(3.,
                 requires_grad=True)
y = x ** 3

# zh: 3x^2，并记录它是怎样算出的
# en: 3x^2, and record how
(dy,) = torch.autograd.grad(
    y, x, create_graph=True)
print(dy)
# zh: 3x^2 对 x 求导 = 6x
# en: d/dx of 3x^2 = 6x
(d2y,) = torch.autograd.grad(dy, x)
print(d2y)
assert (dy == 3 * x ** 2
        and d2y == 6 * x)
