# zh: 规则 5：一批两个 3x4 矩阵
# en: rule 5: a batch of two 3x4 matrices
B = torch.arange(24.).view(2, 3, 4)
# zh: 一批矩阵 x 向量
# en: batch x vector
print((B @ w).shape)
# zh: 一批矩阵 x 一个共享的矩阵
# en: batch x one shared matrix
print((B @ M.T).shape)
# zh: 一批矩阵 x 一批矩阵
# en: batch x batch
print((B @ B.transpose(1, 2)).shape)
for i in range(2):
    assert torch.equal((B @ w)[i],
                       B[i] @ w)
    assert torch.equal((B @ M.T)[i],
                       B[i] @ M.T)
