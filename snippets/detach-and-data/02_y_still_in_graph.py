x.grad.zero_()
y.sum().backward()  # y itself was never cut from the graph
print(x.grad)
assert torch.equal(x.grad, 2 * x)
