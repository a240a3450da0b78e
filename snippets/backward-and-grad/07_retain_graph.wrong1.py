# zh: 以为第二次 backward() 会覆盖 x.grad
# en: if the second backward() replaced x.grad
x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
y = (x ** 2).sum()
y.backward(retain_graph=True)
x.grad = None
y.backward()
print(x.grad)
