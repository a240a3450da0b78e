# zh: clamp 之后 sqrt(0) 的导数是 inf，
# zh: 0 * inf 仍是 nan
# en: after clamp, sqrt(0) has an inf
# en: derivative: 0 * inf is nan too
def f(x):
    r = torch.sqrt(x.clamp(min=0))
    return torch.where(x > 0, r, 0.)
