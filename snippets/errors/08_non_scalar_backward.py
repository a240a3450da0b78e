x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
# zh: 三个元素，不是标量
# en: three elements, not a scalar
y = x * 2
y.backward()
