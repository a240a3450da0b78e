x.grad = None
h = x * 2
loss = (h * h).sum()
# zh: 返回值替换 h 的梯度，
# zh: 并一直传到 x
# en: the return value replaces h's
# en: gradient, all the way down to x
handle = h.register_hook(
    lambda g: g.clamp(max=5.))
loss.backward(retain_graph=True)
print(x.grad)
