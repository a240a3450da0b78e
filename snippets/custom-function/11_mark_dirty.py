class Double_(Function):
    @staticmethod
    def forward(ctx, x):
        # zh: 原地把输入乘 2
        # en: double the input in place
        x.mul_(2)
        ctx.mark_dirty(x)
        return x

    @staticmethod
    def backward(ctx, g):
        return 2 * g


a = torch.tensor([1., 2.],
                 requires_grad=True)
b = a.clone()
out = Double_.apply(b)
print(out is b, b)
b.sum().backward()
print(a.grad)
