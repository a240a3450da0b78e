import torch


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = x ** 3
        # zh: 保存的是输出 y，
        # zh: 公式却按 x 写
        # en: the output y saved, but the
        # en: formula written for x
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, grad_output):
        y, = ctx.saved_tensors
        return (grad_output
                * 3 * y ** 2)
