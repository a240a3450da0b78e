assert x_grad is not None, x_grad
assert torch.equal(
    x_grad.reshape(1, 2),
    torch.tensor([[1., 3.]])
), x_grad
