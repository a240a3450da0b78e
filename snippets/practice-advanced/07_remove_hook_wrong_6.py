import torch

x = torch.tensor([1., 2.],
                 requires_grad=True)
# zh: 只想在第一次反向传播时放大 10 倍
# en: meant to scale by 10 on the first
# en: backward only
h = x.register_hook(lambda g: g * 10)
(x ** 2).sum().backward()
first = x.grad.clone()

# zh: 以为新注册的钩子会替换旧的，
# zh: 其实两个钩子都会运行
# en: a new hook taken to replace the
# en: old one; both run
h = x.register_hook(lambda g: g)

x.grad = None
(x ** 2).sum().backward()
second = x.grad.clone()
