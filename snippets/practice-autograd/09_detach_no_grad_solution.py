import torch

# With detach(): only u leaves the graph
x = torch.tensor([1., 2., 3.], requires_grad=True)
u = (x ** 2).detach()
z = (u * x).sum()
z.backward()
print(u.requires_grad, x.grad)

# With no_grad(): nothing computed inside the block is recorded, so u is a constant too;
# z must be computed outside the block, or it would not require grad either
x2 = torch.tensor([1., 2., 3.], requires_grad=True)
with torch.no_grad():
    u2 = x2 ** 2
z2 = (u2 * x2).sum()
z2.backward()
print(u2.requires_grad, x2.grad)
assert torch.equal(x2.grad, x.grad)
