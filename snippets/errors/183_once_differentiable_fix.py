# zh: 去掉装饰器：backward 由可导运算组成
# en: no decorator: backward is made
# en: of differentiable operations
x.grad = None
(gx,) = torch.autograd.grad(
    (Cube.apply(x) ** 2).sum(),
    x, create_graph=True)
gx.sum().backward()
# zh: d²(x⁶)/dx² = 30 x⁴
# en: d²(x⁶)/dx² = 30 x⁴
print(gx, x.grad)
assert torch.equal(
    x.grad, 30 * x.detach() ** 4)
