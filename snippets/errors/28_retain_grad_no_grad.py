# requires_grad=False
x = torch.tensor([1., 2.])
h = x * 2
h.retain_grad()
