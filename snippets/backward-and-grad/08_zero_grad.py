# zh: 原地操作：同一个张量，现在全是 0
# en: in place: same tensor, now zeros
x.grad.zero_()
print(x.grad)
# zh: 一个新的计算图
# en: a new graph
(x ** 2).sum().backward()
print(x.grad)
assert torch.equal(x.grad, first)
