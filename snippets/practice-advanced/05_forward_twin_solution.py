def jv_at(x, v):
    with fwAD.dual_level():
        # zh: 原值 x，切向量 v
        # en: primal x, tangent v
        xd = fwAD.make_dual(x, v)
        out = f(xd)
        return fwAD.unpack_dual(
            out).tangent


jv = jv_at(x.detach(), v)
print(jv)

from torch.func import jvp

# zh: torch.func.jvp 给出同一个值
# en: torch.func.jvp gives the same
_, jv2 = jvp(f, (x.detach(),), (v,))
print(jv2)
