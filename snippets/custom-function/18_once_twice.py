z = (OnceExp.apply(x) ** 2).sum()
(gx,) = torch.autograd.grad(
    z, x, create_graph=True)
print(gx)
# zh: 二阶导数：对梯度再求导
# en: second derivative: differentiate
# en: the gradient again
gx.sum().backward()
