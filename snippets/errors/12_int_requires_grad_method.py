# int64
x = torch.arange(4)
print(x.dtype)
x.requires_grad_()
