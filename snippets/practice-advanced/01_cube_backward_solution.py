import torch


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        # zh: 链式法则：
        # zh: 上游梯度乘 3x²
        # en: chain rule: upstream
        # en: times 3x²
        return (grad_output
                * 3 * x ** 2)


x = torch.tensor(
    [0.5, -1., 2.],
    dtype=torch.float64,
    requires_grad=True)
Cube.apply(x).sum().backward()
print(x.grad)
print(torch.autograd.gradcheck(
    Cube.apply, (x,)))
