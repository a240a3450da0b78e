import torch

x = torch.arange(4)  # the notes: "this must be 4.0"
print(x.dtype)
try:
    x.requires_grad_(True)
except RuntimeError as e:
    print(e)
print(x.requires_grad)
