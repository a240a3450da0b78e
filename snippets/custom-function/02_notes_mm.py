class MM(Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a @ b

    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved_tensors
        print("needs_input_grad:",
              ctx.needs_input_grad)
        ga = gb = None
        # zh: 只算需要的那个梯度
        # en: compute only what is needed
        if ctx.needs_input_grad[0]:
            ga = g @ b.T
        if ctx.needs_input_grad[1]:
            gb = a.T @ g
        return ga, gb


# zh: 笔记的数值：z = x @ y，上游梯度 g
# en: the notes' numbers: z = x @ y,
# en: upstream gradient g
x = torch.tensor([[2., 1.]],
                 requires_grad=True)
y = torch.tensor(
    [[1., 2.], [3., 4.]],
    requires_grad=True)
g = torch.tensor([[1., 0.]])
MM.apply(x, y).backward(g)
print(x.grad)
print(y.grad)
# zh: autograd 自己的 mm 给出同样的梯度
# en: autograd's own mm agrees
gx, gy = torch.autograd.grad(
    x @ y, (x, y), g)
assert (torch.equal(x.grad, gx)
        and torch.equal(y.grad, gy))
