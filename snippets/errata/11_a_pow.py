with torch.no_grad():
    b = a.pow(2).sum()
c = a.pow(2).sum()
print(b, b.requires_grad)
print(c, c.requires_grad)
