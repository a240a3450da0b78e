import torch

x = torch.tensor([2., 3.],
                 requires_grad=True)
y = f(x)
y.backward(torch.tensor([[1., 1.]]))
# zh: 行列颠倒：第 i 列写成了 y[0, i]
# zh: 的偏导数
# en: rows and columns swapped: column
# en: i holds the partial derivatives
# en: of y[0, i]
J = torch.tensor([[4., 2.],
                  [3., 6.]])
v = torch.tensor([1., 1.])
