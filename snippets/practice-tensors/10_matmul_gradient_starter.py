import torch

# (1, 2)
A = torch.tensor([[2., 1.]])
# (2, 2)
B = torch.tensor([[1., 2.],
                  [3., 4.]])
# zh: Z = A @ B 的上游梯度 dL/dZ，
# zh: 形状 (1, 2)
# en: upstream gradient dL/dZ for
# en: Z = A @ B, shape (1, 2)
G = torch.tensor([[1., 0.]])

# zh: 用 G、A、B（和 .T）的矩阵乘积
# zh: 写出 dL/dA 和 dL/dB
# en: Write dL/dA and dL/dB with matrix
# en: products of G, A, B (and .T)
grad_A = G @ B
grad_B = G.T @ A
