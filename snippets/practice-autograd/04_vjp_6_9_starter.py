import torch


def f(x):
    # zh: 笔记里的 y，逐个元素构造
    # zh: （形状 [1, 2]）
    # en: the notes' y, built element by
    # en: element (shape [1, 2])
    y = torch.zeros(1, 2)
    y[0, 0] = x[0] ** 2 + 3 * x[1]
    y[0, 1] = x[1] ** 2 + 2 * x[0]
    return y


x = torch.tensor([2., 3.],
                 requires_grad=True)
y = f(x)
y.backward(torch.tensor([[1., 1.]]))
# zh: 笔记：“结果显然是错误的”
# en: the notes: "obviously wrong"
print(x.grad)

# zh: TODO：手算 y 对 x 在 x = [2., 3.]
# zh: 处的雅可比矩阵：第 i 行是 y[0, i]
# zh: 对 x[0] 和 x[1] 的偏导数
# en: TODO: the Jacobian of y with
# en: respect to x at x = [2., 3.],
# en: worked out by hand: row i holds
# en: the partial derivatives of y[0, i]
# en: with respect to x[0] and x[1]
J = torch.zeros(2, 2)
# zh: 上面 backward() 的 gradient 参数
# en: the gradient argument passed to
# en: backward() above
v = torch.tensor([1., 1.])
print(v @ J)
