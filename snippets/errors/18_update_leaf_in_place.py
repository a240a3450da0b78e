w = torch.tensor([1., 2.], requires_grad=True)
(w ** 2).sum().backward()
print(w.grad)
w -= 0.25 * w.grad               # a hand-written SGD step
