import numpy as np
import torch

X = torch.arange(4.0)
# zh: 笔记里的第一行
# en: the notes' first line
A = X.numpy()
print(type(A).__name__, A.dtype)
# zh: 修改 ndarray……
# en: change the ndarray ...
A[0] = 100
# zh: ……张量也跟着变了
# en: ... and the tensor changes too
print(X)
assert np.shares_memory(A, X.numpy())
