import torch

x = torch.tensor(3.,
                 requires_grad=True)
y = x ** 3
# 3 * x**2 = 27
dy, = torch.autograd.grad(y, x)
print(dy, dy.requires_grad)

# zh: TODO：对 dy 再求一次导，
# zh: 得到二阶导数 d2y/dx2 = 6 * x
# en: TODO: the second derivative
# en: d2y/dx2 = 6 * x, by differentiating
# en: dy once more
d2y = None
print(d2y)
