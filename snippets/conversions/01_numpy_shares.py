import numpy as np
import torch

X = torch.arange(4.0)
A = X.numpy()  # the notes' first line
print(type(A).__name__, A.dtype)
A[0] = 100  # change the ndarray ...
print(X)  # ... and the tensor changes too
assert np.shares_memory(A, X.numpy())
