def jv_at(x, v):
    with fwAD.dual_level():
        xd = fwAD.make_dual(x, v)
        out = f(xd)
        # zh: 取成了原值 primal，
        # zh: 不是切向量 tangent
        # en: the primal taken, not the
        # en: tangent
        return fwAD.unpack_dual(
            out).primal
