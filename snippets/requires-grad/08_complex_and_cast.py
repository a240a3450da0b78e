z = torch.tensor([1 + 2j, 3 - 1j]).requires_grad_()
print(z.dtype, z.requires_grad)

x = torch.arange(4).float().requires_grad_()  # cast first, then ask for grad
print(x)
