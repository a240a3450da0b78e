x.grad = None
(x ** 2).backward(torch.ones(3))  # gradient: same shape as y
via_gradient = x.grad

x.grad = None
(x ** 2).sum().backward()  # reduce to a scalar first
print(via_gradient, x.grad)
assert torch.equal(via_gradient, x.grad)
