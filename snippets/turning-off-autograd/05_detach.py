d = a.detach()
print(d, d.requires_grad, d.is_leaf)

# zh: 同一块内存：a 也跟着变
# en: same memory: a changes too
d[0] = 10.0
print(a)
# zh: 改回去
# en: put it back
d[0] = 1.0
