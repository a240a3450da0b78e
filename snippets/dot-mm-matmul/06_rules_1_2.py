v = torch.tensor([1., 2., 3.])
M = torch.arange(12.).view(3, 4)
A = torch.tensor([[1., 0., 0.],
                  [1., 1., 1.]])
# zh: 规则 1：向量 x 向量 -> 点积，
# zh: 一个 0 维张量
# en: rule 1: vector x vector -> dot
# en: product, a 0-d tensor
print(torch.matmul(v, v),
      torch.matmul(v, v).shape)
# zh: 规则 2：矩阵 x 矩阵 -> 矩阵乘积，
# zh: 与 mm 相同
# en: rule 2: matrix x matrix -> matrix
# en: product, same as mm
print(torch.matmul(A, M))
assert torch.equal(
    torch.matmul(A, M),
    torch.mm(A, M))
