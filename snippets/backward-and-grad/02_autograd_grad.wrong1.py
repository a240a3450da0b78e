# zh: 以为 autograd.grad 和 backward() 一样会写 x.grad
# en: if autograd.grad wrote x.grad, as backward() does
x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
y = (x ** 2).sum()
y.backward()
print(x.grad)
