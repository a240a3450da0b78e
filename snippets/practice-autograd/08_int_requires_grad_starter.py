import torch

# zh: 笔记：“这里必须写成 4.0”
# en: the notes: "this must be 4.0"
x = torch.arange(4)
print(x.dtype)
try:
    x.requires_grad_(True)
except RuntimeError as e:
    print(e)
print(x.requires_grad)
