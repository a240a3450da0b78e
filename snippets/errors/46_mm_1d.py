# zh: 形状是 [2]：向量，不是 1x2 的矩阵
# en: shape [2]: a vector,
# en: not a 1x2 matrix
v = torch.tensor([1., 2.])
m = torch.tensor([[1., 2.],
                  [3., 4.]])
torch.mm(v, m)
