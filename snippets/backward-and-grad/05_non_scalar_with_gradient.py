x.grad = None
# zh: gradient：形状与 y 相同
# en: gradient: same shape as y
(x ** 2).backward(torch.ones(3))
via_gradient = x.grad

x.grad = None
# zh: 先归约成标量
# en: reduce to a scalar first
(x ** 2).sum().backward()
print(via_gradient, x.grad)
assert torch.equal(via_gradient,
                   x.grad)
