import torch


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = x ** 3
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, grad_output):
        y, = ctx.saved_tensors
        # zh: 保存的是 y，公式改用 y 写：
        # zh: 3x² = 3 * y ** (2/3)，
        # zh: 但负数的分数次幂是 nan
        # en: y saved, the formula
        # en: written in y: 3x² =
        # en: 3 * y ** (2/3), but a
        # en: negative number to a
        # en: fractional power is nan
        return (grad_output
                * 3 * y ** (2 / 3))
