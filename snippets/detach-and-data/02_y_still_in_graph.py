x.grad.zero_()
# zh: y 本身从未被从计算图中切断
# en: y itself was never cut from the
# en: graph
y.sum().backward()
print(x.grad)
assert torch.equal(x.grad, 2 * x)
