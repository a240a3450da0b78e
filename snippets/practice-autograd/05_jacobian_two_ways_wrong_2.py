import torch

x = torch.tensor([2., 3.],
                 requires_grad=True)
y = f(x)
J_rows = torch.zeros(2, 2)
# zh: 只在循环之前清空了一次 x.grad
# en: x.grad cleared once, before the
# en: loop only
x.grad = None
for i in range(2):
    v = torch.zeros(2)
    v[i] = 1.
    y.backward(v, retain_graph=True)
    J_rows[i] = x.grad
J_auto = (torch.autograd.functional
          .jacobian(f, x))
