a = torch.tensor([1., 2., 3.])
b = torch.tensor([1., 2., 3., 4.])
torch.dot(a, b)
