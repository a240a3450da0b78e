w = torch.tensor([1., 2.], requires_grad=True)
(w ** 2).sum().backward()
print(w.grad)
w -= 0.1 * w.grad  # a hand-written update step
