# zh: x * x * x 的三阶导数
# en: the third derivative of
# en: x * x * x
torch.autograd.grad(prod[-1], x)
