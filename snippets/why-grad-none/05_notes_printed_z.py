# zh: 笔记打印出的 z 是 2x2、
# zh: 带 MulBackward0 的张量：
# zh: 那是逐元素乘积 x * y
# en: The notes printed a 2x2 z with
# en: MulBackward0: that is the
# en: elementwise product x * y
w = x * y
print(w, type(w.grad_fn).__name__)
