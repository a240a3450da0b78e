print(a1.grad)
print(x.grad)
