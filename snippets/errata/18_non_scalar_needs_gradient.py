x = torch.tensor([2., 3.],
                 requires_grad=True)
y = torch.stack([
    x[0] ** 2 + 3 * x[1],
    x[1] ** 2 + 2 * x[0],
])
y.backward()
