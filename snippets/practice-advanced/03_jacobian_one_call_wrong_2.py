# zh: 多了 .T：第 i 行应是 f[i] 的梯度
# en: an extra .T: row i must be the
# en: gradient of f[i]
def jac(x):
    return jacrev(f)(x).T
