import numpy as np

a = np.array([[1, 2, 3], [4, 5, 6]])  # the notes' NumPy calls
print(np.size(a), np.size(a, 1), np.shape(a))
t = torch.tensor([[1, 2, 3], [4, 5, 6]])
print(t.size(), t.shape)
t.shape()
