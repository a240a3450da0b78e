with fwAD.dual_level():
    d = fwAD.make_dual(x, v)
    inside = fwAD.unpack_dual(d)
    print(inside.tangent)
# zh: 离开 dual_level 后切向量被丢弃
# en: leaving dual_level drops the
# en: tangent
print(fwAD.unpack_dual(d).tangent)
