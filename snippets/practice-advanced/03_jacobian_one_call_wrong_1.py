# zh: 笔记的 [6., 9.]：一次 vᵀJ，
# zh: v 全为 1
# en: the notes' [6., 9.]: one vᵀJ
# en: with v all ones
def jac(x):
    _, vjp_fn = vjp(f, x)
    J, = vjp_fn(torch.ones(2))
    return J
