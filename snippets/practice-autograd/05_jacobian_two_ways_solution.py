import torch

x = torch.tensor([2., 3.],
                 requires_grad=True)

# zh: 方法 1：每算一行之前清空 x.grad，
# zh: 否则第 1 行里还有第 0 行
# en: Way 1: clear x.grad before each
# en: row, otherwise row 1 also holds
# en: row 0
y = f(x)
J_rows = torch.zeros(2, 2)
for i in range(2):
    v = torch.zeros(2)
    v[i] = 1.
    x.grad = None
    y.backward(v, retain_graph=True)
    J_rows[i] = x.grad
print(J_rows)

# zh: 方法 2：一次调用求出整个雅可比矩阵
# en: Way 2: the whole Jacobian at once
J_auto = (torch.autograd.functional
          .jacobian(f, x))
print(J_auto)
