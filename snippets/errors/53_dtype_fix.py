import numpy as np

a = torch.tensor([[1., 2.]])
b = torch.tensor([[3.], [4.]], dtype=torch.float64)
print(torch.mm(a, b.to(a.dtype)))                  # convert one side
x = torch.from_numpy(np.array([[1., 2.]])).float()  # or at the source
print(x.dtype)
