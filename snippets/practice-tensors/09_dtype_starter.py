import numpy as np
import torch

# zh: float32，和模型的权重一样
# en: float32, like a model's weights
W = torch.tensor([[1., 0.],
                  [0., 2.]])
# zh: NumPy 的默认 dtype：float64
# en: NumPy's default dtype: float64
x = torch.from_numpy(
    np.array([3., 4.]))
print(W.dtype, x.dtype)

# zh: 改这一行，让 W @ x_fixed 能运行
# en: change this line so that
# en: W @ x_fixed works
x_fixed = x
