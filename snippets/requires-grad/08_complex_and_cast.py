z = (torch.tensor([1 + 2j, 3 - 1j])
     .requires_grad_())
print(z.dtype, z.requires_grad)

# zh: 先转换类型，再设为需要梯度
# en: cast first, then ask for grad
x = (torch.arange(4).float()
     .requires_grad_())
print(x)
