class Twice(Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        # zh: 一个输入，却返回三个值：
        # zh: 多出来的都是 None
        # en: one input, three values
        # en: returned: the extra ones
        # en: are None
        return g * 2, None, None


x = torch.tensor([1., 2.],
                 requires_grad=True)
Twice.apply(x).sum().backward()
print(x.grad)
