import torch

# zh: 正则化下不完全伽马函数 P(a, x)
# en: the regularized lower incomplete
# en: gamma function P(a, x)
a = torch.tensor([1., 2.],
                 requires_grad=True)
x = torch.tensor([0.5, 1.5])
p = torch.special.gammainc(a, x)
print(p)
p.sum().backward()
