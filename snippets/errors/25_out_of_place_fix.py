x = torch.tensor([0., 1., 2.], requires_grad=True)
y = x.exp()
z = y + 1                        # out of place: y stays at version 0
z.sum().backward()
print(y._version, x.grad)
