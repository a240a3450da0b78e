grad_A = G @ B.T
# zh: 转置放在了 G 上，
# zh: 而不是“另一个输入” A 上
# en: the transpose on G, not on the
# en: "other input", A
grad_B = G.T @ A
