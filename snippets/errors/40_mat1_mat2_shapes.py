import torch

a = torch.arange(6.).view(2, 3)
b = torch.arange(6.).view(2, 3)
# zh: (2x3) @ (2x3)：内侧的维度
# zh: 3 和 2 不相等
# en: (2x3) @ (2x3): inner sizes
# en: 3 and 2 differ
a @ b
