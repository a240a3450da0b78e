import numpy as np

a = np.array([[1, 2, 3], [4, 5, 6]])
t = torch.tensor([[1, 2, 3],
                  [4, 5, 6]])
print(np.size(a), a.size, a.shape)
print(t.size(), t.shape, t.numel())
