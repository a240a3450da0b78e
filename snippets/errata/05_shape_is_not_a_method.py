import numpy as np

# zh: 笔记里的 NumPy 调用
# en: the notes' NumPy calls
a = np.array([[1, 2, 3], [4, 5, 6]])
print(np.size(a), np.size(a, 1),
      np.shape(a))
t = torch.tensor([[1, 2, 3],
                  [4, 5, 6]])
print(t.size(), t.shape)
t.shape()
