(x * x).sum().backward()
print(x.grad)
x.grad.zero_()
print(x.grad)
