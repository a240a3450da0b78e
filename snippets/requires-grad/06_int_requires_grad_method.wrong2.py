# zh: 以为 requires_grad_() 会自动转成浮点数
# en: if requires_grad_() converted to float
x = torch.arange(4).float()
x.requires_grad_()
