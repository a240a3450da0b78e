import torch

x = torch.tensor([1., 2.],
                 requires_grad=True)
# zh: 只想在第一次反向传播时放大 10 倍
# en: meant to scale by 10 on the first
# en: backward only
h = x.register_hook(lambda g: g * 10)
(x ** 2).sum().backward()
first = x.grad.clone()

# zh: 删掉变量名，钩子还挂在 x 上
# en: the name deleted; the hook stays
# en: on x
del h

x.grad = None
(x ** 2).sum().backward()
second = x.grad.clone()
