# zh: grad 对 w 求导；vmap 沿
# zh: X、Y 的第 0 维逐个样本运行，
# zh: w 共享
# en: grad differentiates in w; vmap
# en: runs it per row of X and Y, w
# en: shared
per_sample = vmap(
    grad(loss),
    in_dims=(None, 0, 0))(w, X, Y)
print(per_sample)
# zh: 各行之和就是整批的梯度
# en: the rows add up to the batch's
print(torch.allclose(
    per_sample.sum(0), g_batch))
