import torch

x = torch.tensor([0., 1., 2.],
                 requires_grad=True)
y = x.exp()
# zh: 通过 .data 修改：版本号不变，
# zh: 不报错，exp 保存的 y 却被改了
# en: a change through .data: no version
# en: bump, no error, but the y that exp
# en: saved has changed
y.data.add_(1)
out = y.sum()
try:
    out.backward()
    error = None
except RuntimeError as e:
    error = str(e).split(";")[0]
