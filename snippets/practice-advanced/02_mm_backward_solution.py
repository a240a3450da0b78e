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
        # zh: 与笔记 mm 的梯度公式相同
        # en: the notes' mm gradients
        grad_a = grad_out @ b.T
        grad_b = a.T @ grad_out
        return grad_a, grad_b


a = torch.tensor(
    [[1., 2.], [3., 4.]],
    dtype=torch.float64,
    requires_grad=True)
b = torch.tensor(
    [[5., 6.], [7., 8.]],
    dtype=torch.float64,
    requires_grad=True)
MatMul.apply(a, b).sum().backward()
print(a.grad)
print(b.grad)
