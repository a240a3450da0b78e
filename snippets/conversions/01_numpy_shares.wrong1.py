# zh: 以为 numpy() 会复制一份
# en: if numpy() made a copy
import torch

X = torch.arange(4.0)
A = X.numpy().copy()
print(type(A).__name__, A.dtype)
A[0] = 100
print(X)
