w = torch.tensor([1., 2.],
                 requires_grad=True)
(w ** 2).sum().backward()
print(w.grad)
# zh: 手写的一步 SGD
# en: a hand-written SGD step
w -= 0.25 * w.grad
