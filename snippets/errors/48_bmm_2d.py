# zh: 一个矩阵，没有批量维度
# en: one matrix, no batch dimension
x = torch.ones(2, 3)
# zh: 一批 5 个矩阵
# en: a batch of 5 matrices
y = torch.ones(5, 3, 4)
torch.bmm(x, y)
