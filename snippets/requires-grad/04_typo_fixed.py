x = torch.arange(4.0)
x.requires_grad_(True)
x2 = torch.arange(4.0, requires_grad=True)  # same thing, in one step
print(x)
print(x2)
assert x.requires_grad and x2.requires_grad and torch.equal(x, x2)
