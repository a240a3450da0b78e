x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
y = x * 2
print(y.shape)
# zh: 与 y 形状相同
# en: same shape as y
y.backward(
    torch.tensor([1., 0., 0.]))
print(x.grad)
