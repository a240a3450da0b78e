# zh: 以为对向量调用 backward() 会先把它加起来
# en: if backward() on a vector summed it first
x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
y = x ** 2
print(y.shape)
y.sum().backward()
print(x.grad)
