x = torch.tensor([0., 1., 2.], requires_grad=True)
y = x.exp()                      # exp saves its output y for backward
print(y._version)
y += 1                           # in place: y's version goes up
print(y._version)
y.sum().backward()
