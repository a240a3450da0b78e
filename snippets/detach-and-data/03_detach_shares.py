a = torch.tensor([1., 2., 3.],
                 requires_grad=True)
d = a.detach()
print(d.requires_grad,
      d.data_ptr() == a.data_ptr())

# zh: 通过 d 做的原地写入……
# en: an in-place write through d ...
d[0] = 10.
# zh: ……通过 a 也能看到
# en: ... is seen through a
print(a)
# zh: 两个计数器都变了
# en: and both counters moved
print(a._version, d._version)
