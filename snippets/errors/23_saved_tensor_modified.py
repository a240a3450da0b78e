x = torch.tensor([0., 1., 2.],
                 requires_grad=True)
# zh: exp 为反向传播保存了它的输出 y
# en: exp saves its output y
# en: for backward
y = x.exp()
print(y._version)
# zh: 原地操作：y 的版本号加一
# en: in place: y's version goes up
y += 1
print(y._version)
y.sum().backward()
