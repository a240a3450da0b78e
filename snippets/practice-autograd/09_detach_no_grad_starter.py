import torch

x = torch.tensor([1., 2., 3.], requires_grad=True)
u = x ** 2  # TODO: same values, but a constant for autograd
z = (u * x).sum()
z.backward()
print(x.grad)  # 3 * x**2 here; with u a constant it should be u
