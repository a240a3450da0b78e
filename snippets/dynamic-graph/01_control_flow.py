import torch


def f(a):
    b = a * 2
    # zh: 循环几次取决于 a 的值
    # en: how many times depends on the
    # en: value of a
    while b.norm() < 1000:
        b = b * 2
    # zh: 走哪个分支也是如此
    # en: and so does the branch
    if b.sum() > 0:
        c = b
    else:
        c = 100 * b
    return c


a = torch.tensor(1.5,
                 requires_grad=True)
d = f(a)
d.backward()
print(d)
print(a.grad, d / a)
assert a.grad == d / a
