import torch

x = torch.tensor(3.,
                 requires_grad=True)
y = x ** 3
y.backward(create_graph=True)
dy = x.grad
# zh: 二阶导数累加到一阶导数上：
# zh: x.grad 成了 27 + 18
# en: the second derivative is added to
# en: the first: x.grad is 27 + 18
dy.backward()
d2y = x.grad
