# zh: 线性模型，三个样本，每个样本
# zh: 一个平方误差
# en: a linear model, three samples,
# en: one squared error each
w = torch.tensor([1., -1.])
X = torch.tensor([[1., 2.],
                  [3., 4.],
                  [5., 6.]])
t = torch.tensor([0., 1., 2.])

def loss(w, x, t):
    return (x @ w - t) ** 2

# zh: w 不分批（None），x、t 按第 0 维
# en: w unbatched (None); x and t
# en: along dim 0
per_sample = vmap(
    grad(loss),
    in_dims=(None, 0, 0))(w, X, t)
print(per_sample)
