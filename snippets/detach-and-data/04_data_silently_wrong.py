a = torch.tensor([0., 1., 2.], requires_grad=True)
out = a.sigmoid()  # sigmoid saves out: d out/da = out * (1 - out)
c = out.data       # like detach(): no grad, same memory ...
print(c.requires_grad, c.data_ptr() == out.data_ptr())
c.zero_()          # ... but this in-place change is not counted on out
print(out._version, c._version)  # c counts on its own
out.sum().backward()
print(a.grad)      # computed from the zeros: no error, wrong gradient
