import torch

# zh: 还是笔记里的代码；这几行不要改
# en: The notes' code once more; do not
# en: change these lines
x = torch.tensor(
    [2., 1.], requires_grad=True
).view(1, 2)
y = torch.tensor(
    [[1., 2.], [3., 4.]],
    requires_grad=True)
z = torch.mm(x, y)
z.backward(torch.tensor([[1., 0.]]),
           retain_graph=True)

# zh: TODO：在上面几行运行之后，
# zh: 求出对 x 的梯度
# en: TODO: the gradient with respect to
# en: x, found after the lines above
# en: have run
x_grad = None
print(x_grad)
