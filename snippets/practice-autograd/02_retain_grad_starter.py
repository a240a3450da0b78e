import torch

# zh: 与笔记相同的代码；
# zh: 这次第一行保持不变（x 仍是视图）
# en: Same code as the notes; this time
# en: keep the first line as it is
# en: (x stays a view)
x = torch.tensor(
    [2., 1.], requires_grad=True
).view(1, 2)
y = torch.tensor(
    [[1., 2.], [3., 4.]],
    requires_grad=True)
z = torch.mm(x, y)
z.backward(torch.tensor([[1., 0.]]),
           retain_graph=True)
print(x.grad)
