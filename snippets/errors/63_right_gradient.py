a = torch.tensor([0., 1., 2.], requires_grad=True)
out = a.sigmoid()
c = out.detach().clone()         # a copy of your own to change
c.zero_()
out.sum().backward()
print(a.grad)
print(torch.sigmoid(a.detach()) * (1 - torch.sigmoid(a.detach())))
