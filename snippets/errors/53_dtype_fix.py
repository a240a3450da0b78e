import numpy as np

a = torch.tensor([[1., 2.]])
b = torch.tensor([[3.], [4.]],
                 dtype=torch.float64)
# zh: 转换其中一边
# en: convert one side
print(torch.mm(a, b.to(a.dtype)))
# zh: 或者在源头转换
# en: or at the source
x = torch.from_numpy(
    np.array([[1., 2.]])).float()
print(x.dtype)
