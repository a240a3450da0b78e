x = torch.tensor([-1., 0., 4.],
                 dtype=torch.float64,
                 requires_grad=True)
y = torch.where(
    x > 0, torch.sqrt(x), 0.)
print(y)
y.sum().backward()
print(x.grad)
