d = a.detach()
print(d, d.requires_grad, d.is_leaf)

d[0] = 10.0  # same memory: a changes too
print(a)
d[0] = 1.0  # put it back
