# zh: X 是 m x n，Y 是 n x p，
# zh: 所以 Z 和 G 都是 m x p
# en: X: m x n, Y: n x p,
# en: so Z and G: m x p
X = torch.randn(3, 4,
                requires_grad=True)
Y = torch.randn(4, 2,
                requires_grad=True)
Z = X @ Y
G = torch.randn(3, 2)
gx, gy = torch.autograd.grad(
    Z, (X, Y), grad_outputs=G)
print("X", tuple(X.shape),
      "Y", tuple(Y.shape),
      "Z", tuple(Z.shape),
      "G", tuple(G.shape))
print("G @ Y.T",
      tuple((G @ Y.T).shape),
      "X.T @ G",
      tuple((X.T @ G).shape))
assert torch.allclose(
    gx, G @ Y.T.detach())
assert torch.allclose(
    gy, X.T.detach() @ G)
