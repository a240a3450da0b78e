# zh: 每个矩阵：(3, 4) @ (4,) -> (3,)
# en: (3, 4) @ (4,) -> (3,) for each of
# en: the 2 matrices
pred_Bw = (2, 3)
# zh: 矩阵 (3, 4) @ (4, 5) -> (3, 5)；
# zh: 批量维度 (10, 1) 与 (2,) -> (10, 2)
# en: matrices (3, 4) @ (4, 5) -> (3, 5);
# en: batch (10, 1) with (2,) -> (10, 2)
pred_ab = (10, 2, 3, 5)
# zh: 批量维度 10 和 2 既不相等也不是 1，
# zh: 所以不能广播
# en: batch sizes 10 and 2: neither equal
# en: nor 1, so they do not broadcast
pred_cb = "error"
print(torch.matmul(B, w).shape,
      torch.matmul(a, b).shape)
print(torch.broadcast_shapes(
    a.shape[:-2], b.shape[:-2]))
