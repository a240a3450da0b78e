import torch

x = torch.tensor([2., 1.], requires_grad=True).view(1, 2)
x.retain_grad()  # before backward(): keep the gradient that reaches this non-leaf tensor
y = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
z = torch.mm(x, y)
z.backward(torch.tensor([[1., 0.]]))
print(x.is_leaf, x.retains_grad)
print(x.grad)
