# zh: 只有一个元素：可以
# en: one element: works
a_num = a.item()
# zh: 一个元素，即使有两个维度：也可以
# en: one element, even with two
# en: dimensions: works too
b_num = b.item()
# zh: c.item() 会报错：先归约成一个元素
# en: c.item() raises: reduce to one
# en: element first
c_total = c.sum().item()
# zh: 一次取出所有元素
# en: all elements at once
c_list = c.tolist()
print(a_num, b_num, c_total, c_list)
