x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
y = (x ** 2).sum()
grads = torch.autograd.grad(y, x)
print(grads)
# zh: 没有累加任何梯度
# en: nothing was accumulated
print(x.grad)
assert (
    x.grad is None
    and torch.equal(grads[0], 2 * x))
