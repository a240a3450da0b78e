assert not u.requires_grad, (
    u.requires_grad)
assert torch.equal(x.grad, u), (
    x.grad, u)
