from torch.func import jacrev

# zh: 逐样本梯度：vmap 每次给 loss
# zh: 一个样本，它返回标量
# en: per-sample gradients: vmap gives
# en: loss one sample, it returns a
# en: scalar
print(vmap(grad(loss),
           in_dims=(None, 0, 0))(
    w, X, t))
# zh: 整批的梯度：先归约成标量
# en: the batch's gradient: reduce to
# en: a scalar first
print(grad(lambda w: loss(
    w, X, t).sum())(w))
# zh: 整个雅可比矩阵：jacrev，每行是
# zh: 一个样本的梯度
# en: the whole Jacobian: jacrev; each
# en: row is one sample's gradient
print(jacrev(loss)(w, X, t))
