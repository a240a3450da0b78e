# zh: 规则 1：一维 @ 一维是点积，
# zh: 结果是 0 维张量
# en: rule 1: 1-D @ 1-D is the dot
# en: product, a 0-d tensor
pred_vv = ()
# zh: 规则 4：(3, 4) @ (4, 1) -> (3, 1)，
# zh: 再去掉补在后面的 1
# en: rule 4: (3, 4) @ (4, 1) -> (3, 1),
# en: then the appended 1 is removed
pred_Mw = (3,)
# zh: 规则 3：(1, 3) @ (3, 4) -> (1, 4)，
# zh: 再去掉补在前面的 1
# en: rule 3: (1, 3) @ (3, 4) -> (1, 4),
# en: then the prepended 1 is removed
pred_vM = (4,)
print(torch.matmul(v, v).shape,
      torch.matmul(M, w).shape,
      torch.matmul(v, M).shape)
print(torch.matmul(v, v),
      torch.matmul(v, M))
