import torch

x = torch.tensor([2., 3.], requires_grad=True)

# Way 1: clear x.grad before each row, otherwise row 1 also holds row 0
y = f(x)
J_rows = torch.zeros(2, 2)
for i in range(2):
    v = torch.zeros(2)
    v[i] = 1.
    x.grad = None
    y.backward(v, retain_graph=True)
    J_rows[i] = x.grad
print(J_rows)

# Way 2: the whole Jacobian in one call
J_auto = torch.autograd.functional.jacobian(f, x)
print(J_auto)
