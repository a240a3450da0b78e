class Square(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return 2 * x * g


class SquareAttr(Function):
    @staticmethod
    def forward(ctx, x):
        # zh: 错误做法：张量存成属性
        # en: wrong: a tensor kept as
        # en: an attribute
        ctx.x = x
        return x * x

    @staticmethod
    def backward(ctx, g):
        return 2 * ctx.x * g


def run(F):
    a = torch.tensor(
        [1., 2.], requires_grad=True)
    h = a * 1
    out = F.apply(h)
    # zh: 前向之后原地修改了 h
    # en: h modified in place after
    # en: the forward
    with torch.no_grad():
        h.add_(10.)
    out.sum().backward()
    return a.grad


# zh: 正确答案是 2 * [1, 2]
# en: the right answer is 2 * [1, 2]
print(run(SquareAttr))
