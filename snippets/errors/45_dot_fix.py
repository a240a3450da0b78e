a = torch.tensor([[1., 2.], [3., 4.]])
b = torch.tensor([[1., 0.], [0., 1.]])
print(torch.dot(a.flatten(), b.flatten()))   # sum of elementwise products
print((a * b).sum())                         # the same number
print(a @ b)                                 # or a matrix product?
