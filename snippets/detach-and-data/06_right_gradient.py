a = torch.tensor([0., 1., 2.],
                 requires_grad=True)
out = a.sigmoid()
# zh: 什么都没修改
# en: nothing modified
out.sum().backward()
print(a.grad)
assert torch.allclose(
    a.grad, out * (1 - out))
