import torch

x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
u = x ** 2
# zh: 在 z 里分离，u 本身仍在计算图里
# en: detached inside z: u itself stays
# en: in the graph
z = (u.detach() * x).sum()
z.backward()
