import torch

x = torch.arange(4.0, requires_grad=True)  # 4.0 makes arange return float32
# (or convert an integer tensor first: torch.arange(4).float().requires_grad_())
print(x.dtype, x.requires_grad)

y = 2 * torch.dot(x, x)
y.backward()
print(x.grad)  # 4 * x
