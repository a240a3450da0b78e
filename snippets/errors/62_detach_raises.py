a = torch.tensor([0., 1., 2.], requires_grad=True)
out = a.sigmoid()
c = out.detach()                 # same memory, and the same version
c.zero_()
print(out._version)
out.sum().backward()
