a = torch.tensor([1., 2., 3.], requires_grad=True)
d = a.detach()
print(d.requires_grad, d.data_ptr() == a.data_ptr())

d[0] = 10.      # an in-place write through d ...
print(a)        # ... is seen through a
print(a._version, d._version)  # and both counters moved
