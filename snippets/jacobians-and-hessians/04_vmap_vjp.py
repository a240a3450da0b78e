from torch.func import vjp, vmap

# zh: 一次前向，得到 vjp_fn
# en: one forward gives vjp_fn
y0, vjp_fn = vjp(f, x0)
# zh: vmap 把单位矩阵的每一行
# zh: 当作一个 v，成批求 vᵀJ
# en: vmap treats each row of the
# en: identity as one v: vᵀJ batched
(J_vmap,) = vmap(vjp_fn)(
    torch.eye(2).view(2, 1, 2))
print(J_vmap)
