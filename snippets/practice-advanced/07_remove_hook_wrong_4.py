import torch

x = torch.tensor([1., 2.],
                 requires_grad=True)
# zh: 只想在第一次反向传播时放大 10 倍
# en: meant to scale by 10 on the first
# en: backward only
h = x.register_hook(lambda g: g * 10)
(x ** 2).sum().backward()
first = x.grad.clone()

# zh: 换成一个不带钩子的新叶子张量：
# zh: 钩子还挂在旧的 x 上
# en: a new leaf without the hook: the
# en: hook stays on the old x
x = x.detach().requires_grad_()

x.grad = None
(x ** 2).sum().backward()
second = x.grad.clone()
