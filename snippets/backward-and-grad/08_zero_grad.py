x.grad.zero_()  # in place: same tensor, now zeros
print(x.grad)
(x ** 2).sum().backward()  # a new graph
print(x.grad)
assert torch.equal(x.grad, first)
