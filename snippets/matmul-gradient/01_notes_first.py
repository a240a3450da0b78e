import torch

# 1x2
x = torch.tensor([[2., 1.]],
                 requires_grad=True)
y = torch.tensor(
    [[1., 2.], [3., 4.]],
    requires_grad=True)
# zh: 上游梯度，形状与 z 相同
# en: upstream gradient, shaped like z
g = torch.tensor([[1., 0.]])
z = x @ y
z.backward(g)
print(z)
print(x.grad)
print(y.grad)
with torch.no_grad():
    assert torch.equal(x.grad,
                       g @ y.T)
    assert torch.equal(y.grad,
                       x.T @ g)
assert torch.equal(
    x.grad, torch.tensor([[1., 3.]]))
assert torch.equal(
    y.grad,
    torch.tensor([[2., 0.],
                  [1., 0.]]))
