# zh: 对 z 调用 backward(g)，等同于对
# zh: 标量 (z * g).sum() 调用 backward()
# en: backward(g) on z is the same as
# en: backward() on the scalar
# en: (z * g).sum()
x = torch.tensor([[2., 1.]],
                 requires_grad=True)
y = torch.tensor(
    [[1., 2.], [3., 4.]],
    requires_grad=True)
g = torch.tensor([[1., 0.]])
loss = ((x @ y) * g).sum()
loss.backward()
print(loss, x.grad, sep="\n")
assert torch.equal(
    x.grad, g @ y.detach().T)
