# zh: 以为 backward() 会填每个张量的 .grad
# en: if backward() filled every tensor's .grad
import torch

x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
a1 = x * 2
a1.retain_grad()
out = (a1 ** 2).sum()
out.backward()
print(a1.grad)
