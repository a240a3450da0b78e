x = torch.tensor([1., 2., 3.], requires_grad=True)
y = (x ** 2).sum()
grads = torch.autograd.grad(y, x)
print(grads)
print(x.grad)  # nothing was accumulated
assert x.grad is None and torch.equal(grads[0], 2 * x)
