assert x.is_floating_point(), x.dtype
assert x.requires_grad, (
    x.requires_grad)
assert torch.equal(
    x.detach(),
    torch.tensor([0., 1., 2., 3.])
), x
