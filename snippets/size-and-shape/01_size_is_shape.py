import numpy as np
import torch

x = torch.zeros(2, 3)
print(x.size(), x.shape)
print(type(x.size()), type(x.shape))
assert x.size() == x.shape
print(isinstance(x.shape, tuple),
      x.shape == (2, 3))
