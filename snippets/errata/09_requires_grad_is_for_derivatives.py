x = torch.arange(4.0)
print(x.requires_grad)
# zh: 等同于 requires_grad_(True)
# en: same as requires_grad_(True)
x.requires_grad_()
print(x.requires_grad)
(x * x).sum().backward()
# zh: d(sum x^2)/dx = 2x：是导数
# en: d(sum x^2)/dx = 2x: a derivative
print(x.grad)
