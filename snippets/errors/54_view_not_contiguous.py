x = torch.arange(6.).view(2, 3)
t = x.T                          # a view: same memory, other strides
print(t.is_contiguous(), x.stride(), t.stride())
t.view(6)
