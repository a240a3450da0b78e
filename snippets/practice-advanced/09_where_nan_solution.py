def f(x):
    # zh: 先把不要的位置换成安全的值，
    # zh: 再开方：sqrt 只见到 1. 和 4.
    # en: make the unwanted entries safe
    # en: before the sqrt: it sees only
    # en: 1. and 4.
    safe = torch.where(x > 0, x, 1.)
    return torch.where(
        x > 0, torch.sqrt(safe), 0.)


x = torch.tensor([-1., 0., 4.],
                 requires_grad=True)
y = f(x)
y.sum().backward()
print(y, x.grad)
