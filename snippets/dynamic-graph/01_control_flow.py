import torch


def f(a):
    b = a * 2
    while b.norm() < 1000:  # how many times depends on the value of a
        b = b * 2
    if b.sum() > 0:         # and so does the branch
        c = b
    else:
        c = 100 * b
    return c


a = torch.tensor(1.5, requires_grad=True)
d = f(a)
d.backward()
print(d)
print(a.grad, d / a)
assert a.grad == d / a
