import torch


class MatMul(
        torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a @ b

    @staticmethod
    def backward(ctx, grad_out):
        a, b = ctx.saved_tensors
        # zh: 忘了转置：方阵时
        # zh: 形状对得上，值却不对
        # en: no transpose: with
        # en: square matrices the
        # en: shapes fit, the values
        # en: do not
        grad_a = grad_out @ b
        grad_b = a @ grad_out
        return grad_a, grad_b
