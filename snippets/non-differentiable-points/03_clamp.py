c = torch.tensor(
    [-1., 0., .5, 1., 2.],
    dtype=torch.float64,
    requires_grad=True)
print(grad_of(
    lambda c: c.clamp(0., 1.), c))
