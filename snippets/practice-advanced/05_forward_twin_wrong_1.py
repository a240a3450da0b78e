# zh: 反向模式换个写法，仍是 vᵀJ
# en: reverse mode written another
# en: way: still vᵀJ
def jv_at(x, v):
    x = x.detach().requires_grad_()
    jv, = torch.autograd.grad(
        f(x), x, v)
    return jv
