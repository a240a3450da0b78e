x = torch.tensor([1., 2., 3.], requires_grad=True)
(x * 2).sum().backward()         # reduce to a scalar first
print(x.grad)
x.grad = None
y = x * 2
y.backward(gradient=torch.ones_like(y))  # or pass v, shaped like y
print(x.grad)
