w = torch.tensor([1., 2.], requires_grad=True)
c = torch.tensor([3., 4.])
loss = (w * c).sum()              # mul saves c for backward, at version 0
torch.add(c, 1, out=c)            # out= writes into c: in place
print(c, c._version)
loss.backward()
