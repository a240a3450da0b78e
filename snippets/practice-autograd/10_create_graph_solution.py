import torch

x = torch.tensor(3.,
                 requires_grad=True)
y = x ** 3
# zh: 这一步也记进计算图：dy 是 x 的函数
# en: record this step too: dy is a
# en: function of x
dy, = torch.autograd.grad(
    y, x, create_graph=True)
print(dy, dy.requires_grad)

d2y, = torch.autograd.grad(dy, x)
print(d2y)
