import torch

# zh: 形状 (3,)
# en: shape (3,)
v = torch.tensor([1., 2., 3.])
# zh: 形状 (3, 4)
# en: shape (3, 4)
M = torch.arange(12.).view(3, 4)
# zh: 形状 (4,)
# en: shape (4,)
w = torch.ones(4)

# zh: 以元组的形式预测每个结果的形状，
# zh: 例如 (2, 5)；0 维结果写 ()
# en: Predict each result shape as a
# en: tuple, e.g. (2, 5); a 0-d result
# en: is ()
pred_vv = None   # torch.matmul(v, v)
pred_Mw = None   # torch.matmul(M, w)
pred_vM = None   # torch.matmul(v, M)
