import torch

# zh: 写成 4.0，arange 返回 float32
# en: 4.0 makes arange return float32
x = torch.arange(4.0,
                 requires_grad=True)
# zh: （或者先转换整数张量：
# zh: torch.arange(4).float()
# zh:     .requires_grad_()）
# en: (or convert an integer tensor
# en: first: torch.arange(4).float()
# en:     .requires_grad_())
print(x.dtype, x.requires_grad)

y = 2 * torch.dot(x, x)
y.backward()
# 4 * x
print(x.grad)
