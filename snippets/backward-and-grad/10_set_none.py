# zh: 原地清零的安全写法
# en: the safe way to zero in place
if x.grad is not None:
    x.grad.zero_()

(x ** 2).sum().backward()
print(x.grad)
# zh: 丢掉梯度；下一次 backward
# zh: 会新建一个
# en: drop the gradient; the next
# en: backward creates a new one
x.grad = None
print(x.grad)
(x ** 2).sum().backward()
print(x.grad)
