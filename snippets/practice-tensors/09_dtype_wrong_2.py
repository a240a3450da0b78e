# zh: dtype 对了，却改成了列向量：
# zh: 结果的形状是 (2, 1)
# en: the right dtype, but a column
# en: vector: the result is (2, 1)
x_fixed = x.float().view(2, 1)
