import torch

x = torch.arange(4.0)
# zh: 属性，默认为 False
# en: attribute, False by default
print(x.requires_grad)

# zh: 方法：原地修改，返回 x 本身
# en: method: in place, returns x itself
out = x.requires_grad_()
print(x.requires_grad, out is x)
print(x)

x.requires_grad_(False)
print(x.requires_grad)

# zh: 直接给属性赋值也可以
# en: assigning the attribute works too
x.requires_grad = True
print(x.requires_grad)
