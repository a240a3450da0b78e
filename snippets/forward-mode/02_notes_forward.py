# zh: 笔记里的 y，写成 x 的函数
# en: the notes' y, as a function of x
def f(x):
    y = torch.zeros(1, 2)
    y[0, 0] = x[0] ** 2 + 3 * x[1]
    y[0, 1] = x[1] ** 2 + 2 * x[0]
    return y

x = torch.tensor([2., 3.])
v = torch.tensor([1., 1.])
with fwAD.dual_level():
    # zh: x 不需要梯度：切向量随值
    # zh: 一起向前传
    # en: x needs no grad: the tangent
    # en: travels forward with it
    y = f(fwAD.make_dual(x, v))
    y_value, Jv = fwAD.unpack_dual(y)
print(y_value)
print(Jv)
