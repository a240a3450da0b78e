from torch.autograd import (
    forward_ad as fwAD)

with fwAD.dual_level():
    d = fwAD.make_dual(
        x, torch.ones_like(x))
    Exp.apply(d)
