if x.grad is not None:  # the safe way to zero in place
    x.grad.zero_()

(x ** 2).sum().backward()
print(x.grad)
x.grad = None  # drop the gradient; the next backward creates a new one
print(x.grad)
(x ** 2).sum().backward()
print(x.grad)
