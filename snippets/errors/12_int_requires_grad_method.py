x = torch.arange(4)              # int64
print(x.dtype)
x.requires_grad_()
