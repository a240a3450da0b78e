import torch

# zh: 写成 4.0 了，但从 1 数起
# en: 4.0 written, but counting from 1
x = torch.arange(1., 5.,
                 requires_grad=True)
