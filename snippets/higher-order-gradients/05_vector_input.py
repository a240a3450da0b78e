x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
y = (x ** 3).sum()
# zh: 3x^2，逐元素
# en: 3x^2, elementwise
(dy,) = torch.autograd.grad(
    y, x, create_graph=True)
# zh: 6x，逐元素
# en: 6x, elementwise
(d2y,) = torch.autograd.grad(
    dy.sum(), x)
print(dy)
print(d2y)

H = (torch.autograd.functional
     .hessian(lambda t:
              (t ** 3).sum(),
              x))
print(H)
assert torch.equal(torch.diagonal(H),
                   d2y)
