a_num = a.item()
b_num = b.item()
c_total = c.sum().item()
# zh: list() 得到的是 0 维张量的列表
# en: list() gives a list of 0-d
# en: tensors
c_list = list(c)
