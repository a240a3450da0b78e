x = torch.tensor(3.,
                 requires_grad=True)
(x ** 3).backward(create_graph=True)
# zh: 27，带有 grad_fn：梯度自己也有
# zh: 一张计算图
# en: 27, with a grad_fn: the gradient
# en: has a graph of its own
print(x.grad)
# zh: 二阶导数写进同一个 .grad……
# en: the second derivative goes into
# en: the same .grad ...
x.grad.backward()
# zh: ……所以它存的是 27 + 18
# en: ... so it holds 27 + 18
print(x.grad)

x.grad = None
(x ** 3).backward(create_graph=True)
dy = x.grad
# zh: 先把一阶导数从 .grad 中取出
# en: take the first derivative out of
# en: .grad first
x.grad = None
dy.backward()
# zh: 只有 18
# en: 18 alone
print(x.grad)
