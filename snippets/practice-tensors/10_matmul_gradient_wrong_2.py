# zh: 乘的顺序反了：值对，
# zh: 形状 (2, 1) 却不是 A 的形状
# en: the product the wrong way round:
# en: right values, but shape (2, 1),
# en: not A's
grad_A = B @ G.T
grad_B = A.T @ G
