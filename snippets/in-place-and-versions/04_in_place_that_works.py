x = torch.tensor([0., 1., 2.],
                 requires_grad=True)
# zh: 乘以常数不需要保存 h 的任何东西
# en: multiplying by a constant saves
# en: nothing of h
h = x * 2
# zh: 所以原地修改 h 无害
# en: so modifying h in place is
# en: harmless
h.add_(1)
# zh: 原地加法也被记录进计算图
# en: the in-place add is recorded
print(h._version,
      type(h.grad_fn).__name__)
h.sum().backward()
print(x.grad)

x.grad = None
y = x.exp()
# zh: 非原地操作：保存的 y 没有被改动
# en: out of place: the saved y is
# en: untouched
y = y + 1
y.sum().backward()
print(x.grad)
assert torch.allclose(x.grad,
                      x.exp())
