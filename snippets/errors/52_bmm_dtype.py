a = torch.ones(1, 1, 2)
b = torch.ones(1, 2, 1,
               dtype=torch.float64)
torch.bmm(a, b)
