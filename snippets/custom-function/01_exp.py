import torch
from torch.autograd import Function


class Exp(Function):
    @staticmethod
    def forward(ctx, x):
        y = x.exp()
        # zh: 反向传播要用到结果 y
        # en: backward needs the result y
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, grad_y):
        (y,) = ctx.saved_tensors
        # zh: d exp(x)/dx = exp(x) = y
        # en: d exp(x)/dx = exp(x) = y
        return grad_y * y


x = torch.tensor([0., 1.],
                 dtype=torch.float64,
                 requires_grad=True)
y = Exp.apply(x)
print(y)
y.sum().backward()
print(x.grad)
# zh: 与 torch.exp 的梯度比较
# en: compare with torch.exp's
x2 = x.detach().requires_grad_()
x2.exp().sum().backward()
assert torch.equal(x.grad, x2.grad)
