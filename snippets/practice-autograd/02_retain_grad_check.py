assert not x.is_leaf, x.is_leaf
assert x.grad is not None, x.grad
assert x.retains_grad, x.retains_grad
assert torch.equal(
    x.grad, torch.tensor([[1., 3.]])
), x.grad
