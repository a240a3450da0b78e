import torch
from torch.func import jacrev, vjp


def f(x):
    return torch.stack([
        x[0] ** 2 + 3 * x[1],
        x[1] ** 2 + 2 * x[0]])


# zh: TODO：jac(x) 用一次调用求出
# zh: f 在 x 处的整个雅可比矩阵
# en: TODO: jac(x), the whole
# en: Jacobian of f at x, in one call
def jac(x):
    return None


x = torch.tensor([2., 3.])
J = jac(x)
print(J)
