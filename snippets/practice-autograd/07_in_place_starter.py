import torch

x = torch.tensor([0., 1., 2.],
                 requires_grad=True)
y = x.exp()
# zh: 我们想要 exp(x) + 1
# en: we want exp(x) + 1
y.add_(1)
out = y.sum()
try:
    out.backward()
    error = None
except RuntimeError as e:
    # zh: 报错信息的前半句
    # en: the first part of the message
    error = str(e).split(";")[0]
print(error)
print(x.grad)
