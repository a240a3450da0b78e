# 2x3
mat1 = torch.tensor([[1., 2., 3.],
                     [4., 5., 6.]])
# 3x3
mat2 = torch.arange(9.).view(3, 3)
print(mat2)
print(torch.mm(mat1, mat2))
assert torch.equal(
    torch.mm(mat1, mat2),
    mat1 @ mat2)
