pred_vv = ()     # rule 1: 1-D @ 1-D is the dot product, a 0-d tensor
pred_Mw = (3,)   # rule 4: (3, 4) @ (4, 1) -> (3, 1), then the appended 1 is removed
pred_vM = (4,)   # rule 3: (1, 3) @ (3, 4) -> (1, 4), then the prepended 1 is removed
print(torch.matmul(v, v).shape, torch.matmul(M, w).shape, torch.matmul(v, M).shape)
print(torch.matmul(v, v), torch.matmul(v, M))
