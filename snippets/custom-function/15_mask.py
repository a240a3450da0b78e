class Mask(Function):
    @staticmethod
    def forward(ctx, x, mark):
        # zh: 浮点的掩码：0. 或 1.
        # en: a float mask: 0. or 1.
        m = (x > 0).to(x.dtype)
        if not mark:
            return m
        ctx.mark_non_differentiable(
            m)
        return m

    @staticmethod
    def backward(ctx, g):
        # zh: 阶跃函数的导数几乎处处为 0
        # en: a step's derivative is 0
        # en: almost everywhere
        return g * 0, None


x = torch.tensor([-1., 2.],
                 requires_grad=True)
for mark in (False, True):
    m = Mask.apply(x, mark)
    print("marked:", mark, m,
          m.requires_grad)
