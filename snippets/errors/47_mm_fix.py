v = torch.tensor([1., 2.])
m = torch.tensor([[1., 2.],
                  [3., 4.]])
# zh: 变成 1x2：结果是 1x2
# en: make it 1x2: the result is 1x2
print(torch.mm(v.unsqueeze(0), m))
# zh: matmul 接受向量：结果形状是 [2]
# en: matmul takes vectors:
# en: the result is [2]
print(torch.matmul(v, m))
