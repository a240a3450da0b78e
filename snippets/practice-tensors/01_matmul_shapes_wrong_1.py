# zh: 以为点积得到一个元素的一维张量
# en: the dot product taken for a 1-D
# en: tensor of one element
pred_vv = (1,)
pred_Mw = (3,)
pred_vM = (4,)
