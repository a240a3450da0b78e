x = torch.tensor(
    [0.5, -1., 2.],
    dtype=torch.float64,
    requires_grad=True)
g = torch.tensor(
    [1., 2., 3.],
    dtype=torch.float64)
got, = torch.autograd.grad(
    Cube.apply(x), x, g)
want = g * 3 * x.detach() ** 2
assert torch.allclose(got, want), got
assert torch.autograd.gradcheck(
    Cube.apply, (x,),
    raise_exception=False), (
    "gradcheck failed")
