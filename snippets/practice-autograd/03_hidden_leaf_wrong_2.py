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
# zh: 笔记里的 torch.Tensor([[1, 1]])
# zh: 当作上游梯度，而不是 [[1., 0.]]
# en: the notes' torch.Tensor([[1, 1]])
# en: as the upstream gradient, not
# en: [[1., 0.]]
x_grad, = torch.autograd.grad(
    z, x, torch.Tensor([[1, 1]]))
