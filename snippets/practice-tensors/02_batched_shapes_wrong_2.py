pred_Bw = (2, 3)
pred_ab = (10, 2, 3, 5)
# zh: 以为批量维度 10 和 2 能广播
# en: batch sizes 10 and 2 taken to
# en: broadcast
pred_cb = (10, 3, 5)
