a_num = a.item()
b_num = b.item()
# zh: sum() 仍返回张量
# en: sum() still returns a tensor
c_total = c.sum()
c_list = c.tolist()
