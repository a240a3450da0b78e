# int64
x = torch.arange(4)
x.requires_grad_()
