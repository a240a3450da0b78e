import torch
from torch.func import grad, vmap

w = torch.tensor([1., -1.])
X = torch.tensor([[1., 2.],
                  [3., 4.]])
t = torch.tensor([0., 1.])

def loss(w, x, t):
    return (x @ w - t) ** 2

# zh: 整批：loss 返回 2 个数
# en: the whole batch: loss returns
# en: 2 numbers
grad(loss)(w, X, t)
