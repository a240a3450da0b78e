v = torch.tensor([1., 2., 3.])
M = torch.arange(12.).view(3, 4)
A = torch.tensor([[1., 0., 0.], [1., 1., 1.]])
# rule 1: vector x vector -> dot product, a 0-d tensor
print(torch.matmul(v, v), torch.matmul(v, v).shape)
# rule 2: matrix x matrix -> matrix product, same as mm
print(torch.matmul(A, M))
assert torch.equal(torch.matmul(A, M), torch.mm(A, M))
