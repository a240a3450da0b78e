import torch


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        # zh: TODO：y = x³ 的
        # zh: 反向传播
        # en: TODO: the backward of
        # en: y = x³
        return grad_output * 3 * x


x = torch.tensor(
    [0.5, -1., 2.],
    dtype=torch.float64,
    requires_grad=True)
Cube.apply(x).sum().backward()
print(x.grad)
