a = torch.tensor([[1., 2.],
                  [3., 4.]])
b = torch.tensor([[1., 0.],
                  [0., 1.]])
# zh: 逐元素乘积之和
# en: sum of elementwise products
print(torch.dot(a.flatten(),
                b.flatten()))
# zh: 同一个数
# en: the same number
print((a * b).sum())
# zh: 还是想要矩阵乘积？
# en: or a matrix product?
print(a @ b)
