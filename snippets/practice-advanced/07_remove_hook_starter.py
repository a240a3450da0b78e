import torch

x = torch.tensor([1., 2.],
                 requires_grad=True)
# zh: 只想在第一次反向传播时放大 10 倍
# en: meant to scale by 10 on the first
# en: backward only
h = x.register_hook(lambda g: g * 10)
(x ** 2).sum().backward()
first = x.grad.clone()

# zh: TODO：让钩子不再起作用
# en: TODO: make the hook stop acting

x.grad = None
(x ** 2).sum().backward()
second = x.grad.clone()
print(first, second)
