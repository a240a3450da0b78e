import torch


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        # zh: 忘了乘上游梯度 grad_output
        # en: the upstream grad_output
        # en: left out
        return 3 * x ** 2
