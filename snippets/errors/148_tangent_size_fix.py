with fwAD.dual_level():
    # zh: 与 x 同形状的切向量
    # en: a tangent shaped like x
    v = torch.ones_like(x)
    d = fwAD.make_dual(x, v)
    _, t = fwAD.unpack_dual(d)
    print(t)
