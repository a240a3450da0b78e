x = torch.arange(4.0, requires_grad=True)        # 4.0: float32
y = torch.arange(4).float().requires_grad_()     # or convert first
print(x.dtype, x.requires_grad, y.dtype, y.requires_grad)
