# zh: 索引赋值是通过 w 的视图
# zh: 进行的原地写入
# en: an index assignment is an
# en: in-place write through a view of w
w[0] = 0.
