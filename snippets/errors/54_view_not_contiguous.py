x = torch.arange(6.).view(2, 3)
# zh: 视图：同一块内存，步长不同
# en: a view: same memory, other strides
t = x.T
print(t.is_contiguous(), x.stride(),
      t.stride())
t.view(6)
