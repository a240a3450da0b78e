x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
# zh: 非叶子张量
# en: a non-leaf
h = x * 2
print(type(h.grad_fn).__name__)
# zh: 它的一个视图
# en: a view of it
v = h[1:]
# zh: 通过视图原地修改
# en: in place through the view
v.mul_(10)
print(h, type(h.grad_fn).__name__)
h.sum().backward()
# h = [2 x0, 20 x1, 20 x2]
print(x.grad)
