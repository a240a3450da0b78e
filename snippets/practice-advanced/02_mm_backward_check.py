a = torch.tensor(
    [[1., 2.], [3., 4.]],
    dtype=torch.float64,
    requires_grad=True)
b = torch.tensor(
    [[5., 6.], [7., 8.]],
    dtype=torch.float64,
    requires_grad=True)
g = torch.tensor(
    [[1., 0.], [2., 1.]],
    dtype=torch.float64)
mine = torch.autograd.grad(
    MatMul.apply(a, b), (a, b), g)
ref = torch.autograd.grad(
    a @ b, (a, b), g)
assert all(map(torch.equal,
               mine, ref)), mine
assert torch.autograd.gradcheck(
    MatMul.apply, (a, b),
    raise_exception=False), (
    "gradcheck failed")
