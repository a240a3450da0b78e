import numpy as np
import torch

W = torch.tensor([[1., 0.], [0., 2.]])     # float32, like a model's weights
x = torch.from_numpy(np.array([3., 4.]))   # NumPy's default dtype: float64
print(W.dtype, x.dtype)

x_fixed = x   # change this line so that W @ x_fixed works
