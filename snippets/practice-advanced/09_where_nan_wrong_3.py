def f(x):
    return torch.where(
        x > 0, torch.sqrt(x), 0.)


x = torch.tensor([-1., 0., 4.],
                 requires_grad=True)
y = f(x)
y.sum().backward()
# zh: 事后把梯度里的 nan 换成 0
# en: the nan in the gradient
# en: replaced by 0 afterwards
x.grad = torch.nan_to_num(x.grad)
