with fwAD.dual_level():
    # zh: x 有 2 个元素，切向量有 3 个
    # en: x has 2 elements, the tangent 3
    fwAD.make_dual(x, torch.ones(3))
