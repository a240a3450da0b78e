import torch

x = torch.tensor(
    [2., 1.], requires_grad=True
).view(1, 2)
y = torch.tensor(
    [[1., 2.], [3., 4.]],
    requires_grad=True)
z = torch.mm(x, y)
z.backward(torch.tensor([[1., 0.]]),
           retain_graph=True)
# zh: 非叶子张量的 .grad：None
# en: the .grad of a non-leaf: None
x_grad = x.grad
