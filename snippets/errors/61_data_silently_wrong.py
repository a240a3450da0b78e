a = torch.tensor([0., 1., 2.], requires_grad=True)
out = a.sigmoid()                # saved: d out/da = out * (1 - out)
c = out.data                     # same memory, invisible to autograd
c.zero_()                        # ... so this change goes unnoticed
out.sum().backward()
print(out._version, a.grad)      # version 0: gradient made from zeros
