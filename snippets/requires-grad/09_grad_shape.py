x = torch.arange(4.0,
                 requires_grad=True)
# zh: 在反向传播到达 x 之前都是 None
# en: None until a backward pass
# en: reaches x
print(x.grad)

y = 2 * torch.dot(x, x)
print(y)
y.backward()
print(x.grad)
print(x.grad.shape, x.shape)
assert x.grad.shape == x.shape
assert torch.equal(x.grad, 4 * x)
