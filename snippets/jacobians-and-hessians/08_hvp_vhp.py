from torch.autograd.functional \
    import hvp, vhp
from torch.func import grad, jvp

v = torch.tensor([1., 2.])
value, Hv = hvp(s, x0, v)
_, vH = vhp(s, x0, v)
print(value, Hv, vH)
# zh: 前向套反向：对 grad(s) 做 JVP，
# zh: 不构造 H
# en: forward over reverse: a JVP of
# en: grad(s), without building H
_, Hv_func = jvp(grad(s), (x0,),
                 (v,))
print(Hv_func)
assert (torch.equal(Hv, H @ v)
        and torch.equal(vH, v @ H)
        and torch.equal(Hv_func, Hv))
