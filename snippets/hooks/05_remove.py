handle.remove()
x.grad = None
loss.backward()
print(x.grad)
print(type(handle).__name__)
