import torch

x = torch.tensor([1., 2.],
                 requires_grad=True)
# zh: 只想在第一次反向传播时放大 10 倍
# en: meant to scale by 10 on the first
# en: backward only
h = x.register_hook(lambda g: g * 10)
(x ** 2).sum().backward()
first = x.grad.clone()

# zh: 重新建一个 x：钩子从没被移除，
# zh: 还挂在旧的张量上
# en: x created anew: the hook was
# en: never removed; it stays on the
# en: old tensor
x = torch.tensor([1., 2.],
                 requires_grad=True)

x.grad = None
(x ** 2).sum().backward()
second = x.grad.clone()
