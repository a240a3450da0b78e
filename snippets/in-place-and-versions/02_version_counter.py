t = torch.tensor([1., 2., 3.])
print(t._version)
t.mul_(2)
t[0] = 5.
print(t._version)  # one step per in-place operation

v = t[1:]          # a view shares t's data, and its counter
d = t.detach()     # so does a detached tensor
v.zero_()
print(t, t._version, v._version, d._version)
