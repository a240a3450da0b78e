import torch.autograd.forward_ad \
    as fwAD

n_fwd = n_bwd = 0

def tap(h):
    # zh: 前向每经过一次加 1；反向
    # zh: 每经过一次，钩子加 1
    # en: +1 per forward pass; the
    # en: hook adds 1 per backward pass
    global n_fwd
    n_fwd += 1
    if h.requires_grad:
        h.register_hook(count_bwd)
    return h

def count_bwd(g):
    global n_bwd
    n_bwd += 1
