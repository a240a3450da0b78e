class BadExp(Function):
    @staticmethod
    def forward(ctx, x):
        y = x.exp()
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, grad_y):
        (y,) = ctx.saved_tensors
        # zh: 故意多乘了 2
        # en: a deliberate extra 2
        return 2 * grad_y * y


gradcheck(BadExp.apply, (x,))
