assert not u.requires_grad, (
    u.requires_grad)
assert torch.equal(
    u, torch.tensor([1., 4., 9.])), u
assert torch.equal(x.grad, u), (
    x.grad, u)
