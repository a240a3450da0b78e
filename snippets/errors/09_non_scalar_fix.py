x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
# zh: 先归约成标量
# en: reduce to a scalar first
(x * 2).sum().backward()
print(x.grad)
x.grad = None
y = x * 2
# zh: 或者传入与 y 形状相同的 v
# en: or pass v, shaped like y
y.backward(
    gradient=torch.ones_like(y))
print(x.grad)
