import torch

# zh: 转成了浮点，却忘了 requires_grad_()
# en: made floating point, but
# en: requires_grad_() is forgotten
x = torch.arange(4).float()
