import torch

x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
a1 = x * 2
out = (a1 ** 2).sum()
out.backward()
print(x.grad)
print(a1.is_leaf, a1.grad)
