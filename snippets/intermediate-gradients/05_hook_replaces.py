x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
a1 = x * 2
# zh: 返回的张量会替换原来的梯度
# en: a returned tensor replaces the
# en: gradient
a1.register_hook(
    lambda grad: grad.clamp(max=5.))
(a1 ** 2).sum().backward()
print(x.grad)
