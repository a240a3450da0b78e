import torch

# zh: 一批两个 (3, 4) 矩阵
# en: a batch of two (3, 4) matrices
B = torch.ones(2, 3, 4)
w = torch.ones(4)
a = torch.ones(10, 1, 3, 4)
b = torch.ones(2, 4, 5)
c = torch.ones(10, 3, 4)

# zh: 以元组的形式预测每个结果的形状；
# zh: 如果你认为调用会报错，就写 "error"
# en: Predict each result shape as a
# en: tuple, or write "error" if you
# en: think the call raises
pred_Bw = None   # torch.matmul(B, w)
pred_ab = None   # torch.matmul(a, b)
pred_cb = None   # torch.matmul(c, b)
