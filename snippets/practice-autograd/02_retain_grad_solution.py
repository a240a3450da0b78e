import torch

x = torch.tensor(
    [2., 1.], requires_grad=True
).view(1, 2)
# zh: 在 backward() 之前：
# zh: 保存流到这个非叶子张量的梯度
# en: before backward(): keep the
# en: gradient that reaches this
# en: non-leaf tensor
x.retain_grad()
y = torch.tensor(
    [[1., 2.], [3., 4.]],
    requires_grad=True)
z = torch.mm(x, y)
z.backward(torch.tensor([[1., 0.]]))
print(x.is_leaf, x.retains_grad)
print(x.grad)
