from torch.func import jvp, vjp

# zh: 一次调用：返回值和 Jv
# en: one call: the value and Jv
value, Jv_func = jvp(f, (x,), (v,))
print(value, Jv_func)
# zh: 对应的反向模式：vjp_fn(v) = vᵀJ
# en: the reverse twin:
# en: vjp_fn(v) = vᵀJ
_, vjp_fn = vjp(f, x)
(vJ,) = vjp_fn(v.view(1, 2))
print(vJ)
assert (torch.equal(Jv_func, Jv)
        and torch.equal(vJ, xr.grad))
