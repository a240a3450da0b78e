assert torch.equal(v @ J, x.grad), (
    v @ J, x.grad)
J_torch = (
    torch.autograd.functional
    .jacobian(
        f, torch.tensor([2., 3.]))[0]
)
assert torch.equal(J, J_torch), (
    J, J_torch)
