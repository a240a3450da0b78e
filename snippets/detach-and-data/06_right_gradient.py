a = torch.tensor([0., 1., 2.], requires_grad=True)
out = a.sigmoid()
out.sum().backward()  # nothing modified
print(a.grad)
assert torch.allclose(a.grad, out * (1 - out))
