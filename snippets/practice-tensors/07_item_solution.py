a_num = a.item()          # one element: works
b_num = b.item()          # one element, even with two dimensions: works too
c_total = c.sum().item()  # c.item() raises: reduce to one element first
c_list = c.tolist()       # all elements at once
print(a_num, b_num, c_total, c_list)
