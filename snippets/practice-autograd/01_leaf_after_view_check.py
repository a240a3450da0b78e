assert x.is_leaf, (
    type(x.grad_fn).__name__)
assert x.shape == (1, 2), x.shape
assert torch.equal(
    x.detach(),
    torch.tensor([[2., 1.]])), x
assert x.grad is not None, x.grad
assert torch.equal(
    x.grad, torch.tensor([[1., 3.]])
), x.grad
