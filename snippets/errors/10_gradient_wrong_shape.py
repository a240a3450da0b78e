x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
# zh: 形状是 [3]
# en: shape [3]
y = x * 2
# zh: gradient 的形状必须与 y 相同
# en: gradient must have y's shape
y.backward(torch.ones(2))
