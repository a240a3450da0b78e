# zh: 以为 detach() 会复制一份数据
# en: if detach() copied the data
a = torch.tensor([1., 2., 3.],
                 requires_grad=True)
d = a.detach().clone()
print(d.requires_grad,
      d.data_ptr() == a.data_ptr())

d[0] = 10.
print(a)
print(a._version, d._version)
