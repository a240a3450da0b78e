import torch

x = torch.tensor(
    [2., 1.], requires_grad=True
).view(1, 2)
y = torch.tensor(
    [[1., 2.], [3., 4.]],
    requires_grad=True)
z = torch.mm(x, y)
z.backward(torch.tensor([[1., 0.]]))
# zh: 在 backward() 之后才调用：太晚了
# en: called after backward(): too late
x.retain_grad()
