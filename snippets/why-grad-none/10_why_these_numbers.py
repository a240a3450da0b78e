# zh: z = x @ y，v = [[1., 0.]] 是
# zh: 传给 backward 的梯度：
# en: z = x @ y, and v = [[1., 0.]] is
# en: the gradient handed to backward:
#   x.grad = v @ y.T
#   y.grad = x.T @ v
v = torch.tensor([[1., 0.]])
with torch.no_grad():
    print(v @ y.T)
    print(x.T @ v)
    assert torch.equal(x.grad,
                       v @ y.T)
    assert torch.equal(y.grad,
                       x.T @ v)
