def jv_at(x, v):
    with fwAD.dual_level():
        xd = fwAD.make_dual(x, v)
        out = f(xd)
        # zh: 解包的是输入，不是输出
        # en: the input unpacked, not the
        # en: output
        return fwAD.unpack_dual(
            xd).tangent
