import torch

B = torch.ones(2, 3, 4)         # a batch of two (3, 4) matrices
w = torch.ones(4)
a = torch.ones(10, 1, 3, 4)
b = torch.ones(2, 4, 5)
c = torch.ones(10, 3, 4)

# Predict each result shape as a tuple, or write "error" if you think the call raises
pred_Bw = None   # torch.matmul(B, w)
pred_ab = None   # torch.matmul(a, b)
pred_cb = None   # torch.matmul(c, b)
