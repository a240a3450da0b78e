# zh: 4.0 是浮点数：float32
# en: 4.0: float32
x = torch.arange(4.0,
                 requires_grad=True)
# zh: 或者先转换类型
# en: or convert first
y = (torch.arange(4).float()
     .requires_grad_())
print(x.dtype, x.requires_grad,
      y.dtype, y.requires_grad)
