x = torch.arange(6.).view(2, 3)
t = x.T
print(t.reshape(6))              # reshape copies when it has to
print(t.contiguous().view(6))    # the same, in two steps
print(t.reshape(6).data_ptr() == x.data_ptr())   # a copy here, not a view
