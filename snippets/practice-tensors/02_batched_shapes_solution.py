pred_Bw = (2, 3)         # (3, 4) @ (4,) -> (3,) for each of the 2 matrices
pred_ab = (10, 2, 3, 5)  # matrices (3, 4) @ (4, 5) -> (3, 5); batch (10, 1) with (2,) -> (10, 2)
pred_cb = "error"        # batch sizes 10 and 2: neither equal nor 1, so they do not broadcast
print(torch.matmul(B, w).shape, torch.matmul(a, b).shape)
print(torch.broadcast_shapes(a.shape[:-2], b.shape[:-2]))
