import torch

# zh: 笔记里的 y，写成 x 的函数
# en: the notes' y, as a function of x
def f(x):
    y = torch.zeros(1, 2)
    y[0, 0] = x[0] ** 2 + 3 * x[1]
    y[0, 1] = x[1] ** 2 + 2 * x[0]
    return y

# zh: 笔记的循环：每行一次 backward
# en: the notes' loop: one backward
# en: per row
x = torch.tensor([2., 3.],
                 requires_grad=True)
y = f(x)
J_loop = torch.zeros(2, 2)
for i, v in enumerate(
        torch.eye(2).view(2, 1, 2)):
    y.backward(v, retain_graph=True)
    J_loop[i] = x.grad
    x.grad.zero_()
print(J_loop)
