w = torch.tensor([1., 2.], requires_grad=True)
c = torch.tensor([3., 4.])
loss = (w * c).sum()              # d loss / d w is c: [3., 4.]
c.numpy()[:] = 0.                 # a write through NumPy: same memory
print(c, c._version)              # the version did not move
loss.backward()
print(w.grad)                     # no error, and the gradient used the new c
