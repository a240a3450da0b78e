class MulConst(Function):
    @staticmethod
    def forward(ctx, x, k):
        # zh: k 是 Python 数，不是张量：
        # zh: 直接存成 ctx 的属性
        # en: k is a Python number, not a
        # en: tensor: a ctx attribute
        ctx.k = k
        return x * k

    @staticmethod
    def backward(ctx, g):
        # zh: 每个输入一个返回值；
        # zh: k 不可导，返回 None
        # en: one result per input; k has
        # en: no gradient: None
        return g * ctx.k, None


x = torch.tensor([1., 2.],
                 requires_grad=True)
out = MulConst.apply(x, 3.)
out.sum().backward()
print(x.grad)
