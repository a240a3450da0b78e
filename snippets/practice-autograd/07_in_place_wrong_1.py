import torch

x = torch.tensor([0., 1., 2.],
                 requires_grad=True)
y = x.exp()
# zh: no_grad() 里的原地操作
# zh: 同样增加版本号
# en: an in-place operation under
# en: no_grad() bumps the version too
with torch.no_grad():
    y.add_(1)
out = y.sum()
try:
    out.backward()
    error = None
except RuntimeError as e:
    error = str(e).split(";")[0]
