# zh: len() 是第 0 维的长度，
# zh: 不是元素个数
# en: len() is the size of dimension 0,
# en: not the number of elements
n_torch = len(t)
cols_torch = t.size(1)
