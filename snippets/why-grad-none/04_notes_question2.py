x = torch.arange(
    1, 3, dtype=torch.float,
    requires_grad=True).view(1, 2)
y = torch.arange(
    3, 7, dtype=torch.float,
    requires_grad=True).view(2, 2)
print(x, x.requires_grad,
      type(x.grad_fn).__name__)
print(y, y.requires_grad,
      type(y.grad_fn).__name__,
      y.is_leaf)
z = torch.mm(x, y)
print(z, z.requires_grad,
      type(z.grad_fn).__name__)
z.backward(torch.ones_like(z))
print(x.grad, y.grad)
