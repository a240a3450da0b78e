# zh: 仍是 forward(ctx, x)，
# zh: 只是多了 jvp
# en: still forward(ctx, x), with a
# en: jvp added
class ExpJvp(Exp):
    @staticmethod
    def forward(ctx, x):
        y = x.exp()
        ctx.save_for_backward(y)
        # zh: 给 jvp 用
        # en: for jvp
        ctx.save_for_forward(y)
        return y

    @staticmethod
    def jvp(ctx, x_t):
        (y,) = ctx.saved_tensors
        return x_t * y


with fwAD.dual_level():
    d = fwAD.make_dual(
        x, torch.ones_like(x))
    print(fwAD.unpack_dual(
        ExpJvp.apply(d)).tangent)
