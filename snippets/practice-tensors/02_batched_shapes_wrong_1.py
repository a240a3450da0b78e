pred_Bw = (2, 3)
# zh: 忘了 a 的批量维度 (10, 1)
# en: a's batch dimensions (10, 1)
# en: forgotten
pred_ab = (2, 3, 5)
pred_cb = "error"
