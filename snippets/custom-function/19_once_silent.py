# zh: 没有 ** 2：传进 backward 的
# zh: 梯度不需要梯度
# en: no ** 2: the gradient coming
# en: into backward needs no grad
x.grad = None
out = OnceExp.apply(x).sum()
(gx,) = torch.autograd.grad(
    out, x, create_graph=True)
print(gx, gx.requires_grad)
# zh: 梯度惩罚：不报错，惩罚项却没了
# en: a gradient penalty: no error,
# en: but the penalty term is gone
(out + gx.pow(2).sum()).backward()
print(x.grad)
# zh: 正确的梯度：e^x + 2 e^(2x)
# en: the true gradient: e^x + 2 e^(2x)
e = x.detach().exp()
print(e + 2 * e ** 2)
# zh: gradgradcheck 能发现
# en: gradgradcheck catches it
gradgradcheck(OnceExp.apply, (x,))
