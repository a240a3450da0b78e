x = torch.arange(4.0, requires_grad=True)
print(x.grad)  # None until a backward pass reaches x

y = 2 * torch.dot(x, x)
print(y)
y.backward()
print(x.grad)
print(x.grad.shape, x.shape)
assert x.grad.shape == x.shape
assert torch.equal(x.grad, 4 * x)
