import torch

x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
# zh: 是常数，但值变了
# en: a constant, but not the same values
u = torch.zeros(3)
z = (u * x).sum()
z.backward()
