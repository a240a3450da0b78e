import torch

x = torch.tensor([1., 2.],
                 requires_grad=True)
# zh: 只想在第一次反向传播时放大 10 倍
# en: meant to scale by 10 on the first
# en: backward only
h = x.register_hook(lambda g: g * 10)
(x ** 2).sum().backward()
first = x.grad.clone()

# zh: 再加一个钩子，把放大的 10 倍除回去
# en: a second hook dividing the 10
# en: back out
x.register_hook(lambda g: g / 10)

x.grad = None
(x ** 2).sum().backward()
second = x.grad.clone()
