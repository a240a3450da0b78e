import numpy as np
import torch

a = np.array([[1, 2, 3], [4, 5, 6]])
t = torch.tensor([[1, 2, 3], [4, 5, 6]])

n_numpy = a.size              # NumPy: number of elements
cols_numpy = np.size(a, 1)    # NumPy: size of dimension 1
print(n_numpy, cols_numpy)

# The same two numbers for the tensor t
n_torch = t.size()            # the notes' assumption: size means the same in torch
cols_torch = None
