import torch
import torch.autograd.forward_ad \
    as fwAD

x = torch.tensor([2., 3.])
# zh: 没有进入 dual_level
# en: no dual_level entered
fwAD.make_dual(x, torch.ones(2))
