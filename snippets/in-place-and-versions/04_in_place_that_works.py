x = torch.tensor([0., 1., 2.], requires_grad=True)
h = x * 2         # multiplying by a constant saves nothing of h
h.add_(1)         # so modifying h in place is harmless
print(h._version, type(h.grad_fn).__name__)  # the in-place add is recorded
h.sum().backward()
print(x.grad)

x.grad = None
y = x.exp()
y = y + 1         # out of place: the saved y is untouched
y.sum().backward()
print(x.grad)
assert torch.allclose(x.grad, x.exp())
