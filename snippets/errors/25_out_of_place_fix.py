x = torch.tensor([0., 1., 2.],
                 requires_grad=True)
y = x.exp()
# zh: 非原地操作：y 的版本号仍是 0
# en: out of place: y stays at version 0
z = y + 1
z.sum().backward()
print(y._version, x.grad)
