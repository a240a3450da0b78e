x = torch.tensor([0., 1., 2.],
                 requires_grad=True)
# zh: exp 保存了它的输出 y：
# zh: d exp(x)/dx = exp(x)
# en: exp saves its output y:
# en: d exp(x)/dx = exp(x)
y = x.exp()
print(y._version)
# zh: 原地修改了被保存的 y
# en: modifies the saved y in place
y.add_(1)
print(y._version)
y.sum().backward()
