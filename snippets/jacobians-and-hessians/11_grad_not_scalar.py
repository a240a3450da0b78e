# zh: 把整批一起交给 grad：
# zh: loss 返回 3 个数，不是标量
# en: the whole batch given to grad:
# en: loss returns 3 numbers, not one
grad(loss)(w, X, t)
