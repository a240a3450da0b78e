w = torch.ones(4, requires_grad=True)
w[w > 0] = 0
