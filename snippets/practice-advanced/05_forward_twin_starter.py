import torch
import torch.autograd.forward_ad \
    as fwAD


def f(x):
    return torch.stack([
        x[0] ** 2 + 3 * x[1],
        x[1] ** 2 + 2 * x[0]])


v = torch.tensor([1., 1.])
x = torch.tensor([2., 3.],
                 requires_grad=True)
# zh: 笔记的 backward(v)：vᵀJ
# en: the notes' backward(v): vᵀJ
f(x).backward(v)
print(x.grad)


# zh: TODO：用前向模式，一次前向传播
# zh: 求出 f 在 x 处的 J v
# en: TODO: J v of f at x, with
# en: forward mode, in one forward
# en: pass
def jv_at(x, v):
    return torch.zeros(2)


print(jv_at(x.detach(), v))
