# zh: 一批两个 3x4 矩阵，
# zh: 乘以同一个共享的 4x5 矩阵 W
# en: A batch of two 3x4 matrices times
# en: one shared 4x5 matrix W
X = torch.randn(2, 3, 4,
                requires_grad=True)
W = torch.randn(4, 5,
                requires_grad=True)
G = torch.randn(2, 3, 5)
(X @ W).backward(G)
print("X.grad", tuple(X.grad.shape),
      "W.grad", tuple(W.grad.shape))
with torch.no_grad():
    assert torch.allclose(X.grad,
                          G @ W.T)
    assert torch.allclose(
        W.grad,
        X[0].T @ G[0]
        + X[1].T @ G[1])
