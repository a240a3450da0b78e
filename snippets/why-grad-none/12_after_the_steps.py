print(x._base.grad)
print(y.grad)
