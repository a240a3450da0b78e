import numpy as np
import torch

a = np.array([[1, 2, 3], [4, 5, 6]])
t = torch.tensor([[1, 2, 3],
                  [4, 5, 6]])

# zh: NumPy：元素个数
# en: NumPy: number of elements
n_numpy = a.size
# zh: NumPy：第 1 维的长度
# en: NumPy: size of dimension 1
cols_numpy = np.size(a, 1)
print(n_numpy, cols_numpy)

# zh: 对张量 t 求同样的两个数
# en: The same two numbers for tensor t
# zh: 笔记以为 size 在 torch 里也一样
# en: the notes' assumption: size means
# en: the same in torch
n_torch = t.size()
cols_torch = None
