# zh: 以为 detach() 会复制一份数据
# en: if detach() copied the data
d = a.detach().clone()
print(d, d.requires_grad, d.is_leaf)

d[0] = 10.0
print(a)
