v = torch.tensor([1., 2.])       # shape [2]: a vector, not a 1x2 matrix
m = torch.tensor([[1., 2.], [3., 4.]])
torch.mm(v, m)
