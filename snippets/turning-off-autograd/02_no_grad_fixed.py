a = torch.tensor([1.0, 2.0],
                 requires_grad=True)
with torch.no_grad():
    b = a.pow(2).sum()
print(b, b.requires_grad)

c = a.pow(2).sum()
print(c, c.requires_grad)
assert (not b.requires_grad
        and c.requires_grad)
