# zh: 笔记里的 y，写成 x 的函数
# en: the notes' y, as a function of x
def f(x):
    y = torch.zeros(1, 2)
    y[0, 0] = x[0] ** 2 + 3 * x[1]
    y[0, 1] = x[1] ** 2 + 2 * x[0]
    return y

x = torch.tensor([2., 3.],
                 requires_grad=True)
for v in (torch.tensor([[1., 1.]]),
          torch.tensor([[2., -1.]])):
    x.grad = None
    f(x).backward(v)
    vjp = x.grad
    x.grad = None
    # zh: 标量 v·y
    # en: the scalar v·y
    (v * f(x)).sum().backward()
    print(v.tolist(), vjp, x.grad)
    assert torch.equal(vjp, x.grad)
