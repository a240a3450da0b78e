import torch

A = torch.tensor([[2., 1.]])               # (1, 2)
B = torch.tensor([[1., 2.], [3., 4.]])     # (2, 2)
G = torch.tensor([[1., 0.]])               # upstream gradient dL/dZ for Z = A @ B, shape (1, 2)

# Write dL/dA and dL/dB with matrix products of G, A, B (and .T)
grad_A = G @ B
grad_B = G.T @ A
