assert (
    type(a_num) is float
    and a_num == 3.5
), f"a_num = {a_num!r}"
assert (
    type(b_num) is float
    and b_num == 3.5
), f"b_num = {b_num!r}"
assert (
    type(c_total) is float
    and c_total == 3.5
), f"c_total = {c_total!r}"
assert (
    type(c_list) is list
    and c_list == [1.5, 2.0]
    and all(type(e) is float
            for e in c_list)
), f"c_list = {c_list!r}"
