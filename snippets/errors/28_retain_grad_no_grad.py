x = torch.tensor([1., 2.])       # requires_grad=False
h = x * 2
h.retain_grad()
