x = torch.arange(6.).view(2, 3)
t = x.T
# zh: reshape 在必要时会复制
# en: reshape copies when it has to
print(t.reshape(6))
# zh: 效果相同，分两步
# en: the same, in two steps
print(t.contiguous().view(6))
# zh: 这里是副本，不是视图
# en: a copy here, not a view
print(t.reshape(6).data_ptr()
      == x.data_ptr())
