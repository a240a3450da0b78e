x = torch.arange(4)  # int64
x.requires_grad_()
