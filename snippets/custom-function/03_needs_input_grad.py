# zh: 这次 y 不需要梯度
# en: this time y needs no gradient
x.grad = None
y_const = y.detach()
MM.apply(x, y_const).backward(g)
print(x.grad, y_const.grad)
