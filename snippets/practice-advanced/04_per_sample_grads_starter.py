import torch
from torch.func import grad, vmap


def loss(w, x, y):
    # zh: 一个样本的平方误差
    # en: one sample's squared error
    return (x @ w - y) ** 2


w = torch.tensor([1., -1., 0.5],
                 dtype=torch.float64)
X = torch.tensor(
    [[1., 0., 2.],
     [0., 1., 1.],
     [2., 1., 0.],
     [1., 1., 1.]],
    dtype=torch.float64)
Y = torch.tensor([1., 0., 2., 1.],
                 dtype=torch.float64)

# zh: 整批损失的梯度：只有一个 [3]
# en: the whole batch's gradient: one
# en: [3] only
def batch_loss(w):
    return ((X @ w - Y) ** 2).sum()


g_batch = grad(batch_loss)(w)
print(g_batch)

# zh: TODO：每个样本一个梯度，
# zh: 形状 [4, 3]
# en: TODO: one gradient per sample,
# en: shape [4, 3]
per_sample = g_batch
