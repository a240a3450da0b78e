import torch

x = torch.tensor([-1., 0., 1.],
                 dtype=torch.float64,
                 requires_grad=True)


def grad_of(f, x):
    # zh: f(x).sum() 对 x 的梯度
    # en: gradient of f(x).sum()
    (g,) = torch.autograd.grad(
        f(x).sum(), x)
    return g


print("relu", grad_of(torch.relu, x))
print("abs ", grad_of(torch.abs, x))
