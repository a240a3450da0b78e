import torch


def f(x):
    return torch.stack([
        x[0] ** 2 + 3 * x[1],
        x[1] ** 2 + 2 * x[0]])


x = torch.tensor([2., 3.],
                 requires_grad=True)

# zh: 方法 1：像笔记那样，
# zh: J 的每一行调用一次 backward()
# en: Way 1: one backward() per row of
# en: J, as in the notes
y = f(x)
J_rows = torch.zeros(2, 2)
for i in range(2):
    v = torch.zeros(2)
    v[i] = 1.
    y.backward(v, retain_graph=True)
    J_rows[i] = x.grad
print(J_rows)

# zh: TODO：方法 2，用
# zh: torch.autograd.functional.jacobian
# en: TODO: Way 2, with
# en: torch.autograd.functional.jacobian
J_auto = None
print(J_auto)
