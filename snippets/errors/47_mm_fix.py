v = torch.tensor([1., 2.])
m = torch.tensor([[1., 2.], [3., 4.]])
print(torch.mm(v.unsqueeze(0), m))   # make it 1x2: the result is 1x2
print(torch.matmul(v, m))            # matmul takes vectors: the result is [2]
