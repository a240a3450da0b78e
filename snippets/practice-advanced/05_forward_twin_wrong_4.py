from torch.autograd.functional \
    import jacobian


# zh: 先求出整个 J 再乘 v：这是反向
# zh: 模式，每行一次反向传播
# en: the whole J first, then times
# en: v: reverse mode, one backward
# en: pass per row
def jv_at(x, v):
    return jacobian(f, x) @ v
