import numpy as np

layer = torch.nn.Linear(2, 1)                        # float32 weights
x = torch.from_numpy(np.array([[1., 2.]]))  # NumPy's default: float64
print(x.dtype)
layer(x)
