import torch

x = torch.arange(4.0)
print(x.requires_grad)  # attribute, False by default

out = x.requires_grad_()  # method: in place, returns x itself
print(x.requires_grad, out is x)
print(x)

x.requires_grad_(False)
print(x.requires_grad)

x.requires_grad = True  # assigning the attribute works too
print(x.requires_grad)
