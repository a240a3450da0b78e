import torch

x = torch.tensor(3.,
                 requires_grad=True)
y = x ** 3
# zh: retain_graph 不是 create_graph：
# zh: dy 仍然不需要梯度
# en: retain_graph is not create_graph:
# en: dy still does not require grad
dy, = torch.autograd.grad(
    y, x, retain_graph=True)
d2y = None
