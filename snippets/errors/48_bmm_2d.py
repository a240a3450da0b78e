x = torch.ones(2, 3)             # one matrix, no batch dimension
y = torch.ones(5, 3, 4)          # a batch of 5 matrices
torch.bmm(x, y)
