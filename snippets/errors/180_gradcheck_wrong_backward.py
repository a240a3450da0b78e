from torch.autograd import (
    Function, gradcheck)


class Cube(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        # zh: 错了：应为 3 * x ** 2
        # en: wrong: should be 3 * x ** 2
        return g * 3 * x


x = torch.tensor([1., 2.],
                 dtype=torch.float64,
                 requires_grad=True)
gradcheck(Cube.apply, (x,))
