import torch

x = torch.tensor([0., 1., 2.],
                 requires_grad=True)
y = x.exp()
# zh: 求和之后才加 1：只加了一次
# en: 1 added after the sum: once only
out = y.sum() + 1
try:
    out.backward()
    error = None
except RuntimeError as e:
    error = str(e).split(";")[0]
