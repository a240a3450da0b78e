import torch

x = torch.tensor(3., requires_grad=True)
y = x ** 3
dy, = torch.autograd.grad(y, x, create_graph=True)  # record this step too: dy is a function of x
print(dy, dy.requires_grad)

d2y, = torch.autograd.grad(dy, x)
print(d2y)
