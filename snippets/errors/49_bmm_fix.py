x = torch.ones(2, 3)
y = torch.ones(5, 3, 4)
print(torch.bmm(x.expand(5, 2, 3), y).shape)   # give x the batch dimension
print(torch.matmul(x, y).shape)                # or let matmul broadcast it
