import numpy as np

# zh: 权重是 float32
# en: float32 weights
layer = torch.nn.Linear(2, 1)
# zh: NumPy 的默认类型：float64
# en: NumPy's default: float64
x = torch.from_numpy(
    np.array([[1., 2.]]))
print(x.dtype)
layer(x)
