w = torch.tensor([1., 2.],
                 requires_grad=True)
(w ** 2).sum().backward()
print(w.grad)
# zh: 手写的一步更新
# en: a hand-written update step
w -= 0.1 * w.grad
