import torch


def f(x):
    return torch.stack([x[0] ** 2 + 3 * x[1], x[1] ** 2 + 2 * x[0]])


x = torch.tensor([2., 3.], requires_grad=True)

# Way 1: one backward() per row of J, as in the notes
y = f(x)
J_rows = torch.zeros(2, 2)
for i in range(2):
    v = torch.zeros(2)
    v[i] = 1.
    y.backward(v, retain_graph=True)
    J_rows[i] = x.grad
print(J_rows)

# TODO: Way 2, with torch.autograd.functional.jacobian
J_auto = None
print(J_auto)
