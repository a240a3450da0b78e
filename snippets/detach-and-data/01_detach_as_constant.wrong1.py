# zh: 如果不 detach：z = x³
# en: without detach: z = x³
import torch

x = torch.arange(4.0,
                 requires_grad=True)
y = x * x
z = y * x
z.sum().backward()
print(x.grad)
