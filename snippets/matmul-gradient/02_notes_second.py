x = torch.tensor([[1., 2.]],
                 requires_grad=True)
y = torch.tensor(
    [[3., 4.], [5., 6.]],
    requires_grad=True)
z = x @ y
g = torch.ones_like(z)
z.backward(g)
print(z)
print(x.grad)
print(y.grad)
with torch.no_grad():
    assert torch.equal(x.grad,
                       g @ y.T)
    assert torch.equal(y.grad,
                       x.T @ g)
