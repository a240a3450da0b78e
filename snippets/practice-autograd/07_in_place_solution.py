import torch

x = torch.tensor([0., 1., 2.],
                 requires_grad=True)
y = x.exp()
# zh: 新张量：exp 为反向传播保存的 y
# zh: 没有被改动
# en: a new tensor: the y that exp saved
# en: for backward stays untouched
y = y + 1
out = y.sum()
try:
    out.backward()
    error = None
except RuntimeError as e:
    error = str(e).split(";")[0]
print(error)
# d/dx (exp(x) + 1) = exp(x)
print(out, x.grad)
