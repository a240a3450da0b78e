def reverse(F, x, m):
    # zh: 一次前向，每个输出一次反向
    # en: one forward, one backward
    # en: per output
    x = x.clone()
    x.requires_grad_()
    y = tap(F(x))
    for v in torch.eye(m):
        torch.autograd.grad(
            y, x, v,
            retain_graph=True)

def forward(F, x, n):
    # zh: 每个输入一次带切向量的前向
    # en: one forward with a tangent
    # en: per input
    for v in torch.eye(n):
        with fwAD.dual_level():
            d = fwAD.make_dual(x, v)
            tap(F(d))

def count(mode, F, x, k):
    global n_fwd, n_bwd
    n_fwd = n_bwd = 0
    mode(F, x, k)
    return n_fwd, n_bwd
