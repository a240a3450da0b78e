from torch.autograd.function import (
    once_differentiable)


class OnceExp(Function):
    @staticmethod
    def forward(ctx, x):
        y = x.exp()
        ctx.save_for_backward(y)
        return y

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_y):
        (y,) = ctx.saved_tensors
        return grad_y * y


x = torch.tensor([0.5, 2.],
                 dtype=torch.float64,
                 requires_grad=True)
print(gradcheck(OnceExp.apply, (x,)))
