m = torch.ones(2, 2)
out = torch.empty(2, 2)
torch.mm(m, m, out)
