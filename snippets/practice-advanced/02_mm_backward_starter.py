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
        # zh: TODO：out = a @ b
        # zh: 对 a、b 的梯度
        # zh: （形状分别同 a、b）
        # en: TODO: the gradients of
        # en: out = a @ b for a and b
        # en: (shaped like a and b)
        grad_a = torch.zeros_like(a)
        grad_b = torch.zeros_like(b)
        return grad_a, grad_b
