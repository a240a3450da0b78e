import torch

v = torch.tensor([1., 2., 3.])      # shape (3,)
M = torch.arange(12.).view(3, 4)    # shape (3, 4)
w = torch.ones(4)                   # shape (4,)

# Predict each result shape as a tuple, e.g. (2, 5); a 0-d result is ()
pred_vv = None   # torch.matmul(v, v)
pred_Mw = None   # torch.matmul(M, w)
pred_vM = None   # torch.matmul(v, M)
