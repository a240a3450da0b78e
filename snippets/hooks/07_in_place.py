a = x * 1
a.register_hook(
    lambda g: print("before mul_:",
                    g))
a.mul_(3)
a.register_hook(
    lambda g: print("after mul_:",
                    g))
x.grad = None
(a * a).sum().backward()
print("x.grad:", x.grad)
