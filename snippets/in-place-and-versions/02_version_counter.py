t = torch.tensor([1., 2., 3.])
print(t._version)
t.mul_(2)
t[0] = 5.
# zh: 每次原地操作加 1
# en: one step per in-place operation
print(t._version)

# zh: 视图与 t 共享数据，也共享计数器
# en: a view shares t's data, and its
# en: counter
v = t[1:]
# zh: detach 得到的张量也是如此
# en: so does a detached tensor
d = t.detach()
v.zero_()
print(t, t._version, v._version,
      d._version)
