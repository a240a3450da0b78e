class ExpF(Function):
    # zh: vmap 的规则由 torch 生成
    # en: torch generates the vmap rule
    generate_vmap_rule = True

    # zh: forward 不再接收 ctx
    # en: forward no longer takes ctx
    @staticmethod
    def forward(x):
        return x.exp()

    # zh: 保存张量的事移到这里
    # en: saving tensors moves here
    @staticmethod
    def setup_context(ctx, inputs,
                      output):
        ctx.save_for_backward(output)
        ctx.save_for_forward(output)

    @staticmethod
    def backward(ctx, grad_y):
        (y,) = ctx.saved_tensors
        return grad_y * y

    # zh: 前向模式：切向量乘以 exp(x)
    # en: forward mode: the tangent
    # en: times exp(x)
    @staticmethod
    def jvp(ctx, x_t):
        (y,) = ctx.saved_tensors
        return x_t * y


f = torch.func
print(f.jacrev(ExpF.apply)(x))
print(f.jacfwd(ExpF.apply)(x))
print(f.vmap(ExpF.apply)(x))
with fwAD.dual_level():
    d = fwAD.make_dual(
        x, torch.ones_like(x))
    tangent = fwAD.unpack_dual(
        ExpF.apply(d)).tangent
print(tangent)
