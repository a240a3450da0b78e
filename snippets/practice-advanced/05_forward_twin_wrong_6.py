def jv_at(x, v):
    with fwAD.dual_level():
        xd = fwAD.make_dual(x, v)
        out = f(xd)
    # zh: 离开 dual_level 之后才解包：
    # zh: 切向量已经没有了
    # en: unpacked after leaving
    # en: dual_level: the tangent is
    # en: gone
    return fwAD.unpack_dual(
        out).tangent
