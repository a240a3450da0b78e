# zh: 补上的 1 没有去掉
# en: the added 1s left in
pred_vv = ()
pred_Mw = (3, 1)
pred_vM = (1, 4)
