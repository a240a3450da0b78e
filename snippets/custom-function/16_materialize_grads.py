class TwoOut(Function):
    @staticmethod
    def forward(ctx, x, materialize):
        ctx.set_materialize_grads(
            materialize)
        return x * 2, x * 3

    @staticmethod
    def backward(ctx, g1, g2):
        print("  g1:", g1, "g2:", g2)
        gx = g1 * 2
        # zh: 不物化时，没用到的
        # zh: 输出得到 None
        # en: not materialized: the
        # en: unused output gets None
        if g2 is not None:
            gx = gx + g2 * 3
        return gx, None


for m in (True, False):
    print("materialize =", m)
    x = torch.tensor(
        [1., 2.], requires_grad=True)
    p, q = TwoOut.apply(x, m)
    # zh: 只用了第一个输出 p
    # en: only the first output used
    p.sum().backward()
    print("  x.grad:", x.grad)
