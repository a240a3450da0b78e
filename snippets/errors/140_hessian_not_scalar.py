import torch
from torch.autograd.functional \
    import hessian

def f(x):
    return torch.stack(
        [x[0] ** 2 + 3 * x[1],
         x[1] ** 2 + 2 * x[0]])

x = torch.tensor([2., 3.])
# zh: f 有两个输出
# en: f has two outputs
hessian(f, x)
