class Scale(Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.k = k
        return x * k

    @staticmethod
    def backward(ctx, g):
        # zh: 两个输入，只返回一个值
        # en: two inputs, one value
        return g * ctx.k


x = torch.tensor([1., 2.],
                 requires_grad=True)
Scale.apply(x, 3.).sum().backward()
