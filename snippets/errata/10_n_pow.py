a = torch.tensor([1.0, 2.0],
                 requires_grad=True)
with torch.no_grad():
    b = n.pow(2).sum()
