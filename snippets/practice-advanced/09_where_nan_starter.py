import torch


# zh: TODO：值是对的，梯度却有 nan
# en: TODO: the values are right, the
# en: gradient holds a nan
def f(x):
    return torch.where(
        x > 0, torch.sqrt(x), 0.)


x = torch.tensor([-1., 0., 4.],
                 requires_grad=True)
y = f(x)
y.sum().backward()
print(y, x.grad)
