x = torch.tensor([1., 2.],
                 requires_grad=True)
b = torch.tensor([3., 4.],
                 requires_grad=True)
print(torch.autograd.grad(
    (x * 2).sum(), [x, b],
    allow_unused=True))
print(torch.autograd.grad(
    (x * 2).sum(), [x, b],
    materialize_grads=True))
