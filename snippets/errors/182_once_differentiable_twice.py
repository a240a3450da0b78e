from torch.autograd.function import (
    once_differentiable)


class OnceCube(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    @once_differentiable
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g * 3 * x ** 2


(gx,) = torch.autograd.grad(
    (OnceCube.apply(x) ** 2).sum(),
    x, create_graph=True)
gx.sum().backward()
