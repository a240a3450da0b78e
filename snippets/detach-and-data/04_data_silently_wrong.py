a = torch.tensor([0., 1., 2.],
                 requires_grad=True)
# zh: sigmoid 保存了 out：
# zh: d out/da = out * (1 - out)
# en: sigmoid saves out:
# en: d out/da = out * (1 - out)
out = a.sigmoid()
# zh: 和 detach() 一样：不需要梯度，
# zh: 共享内存……
# en: like detach(): no grad, same
# en: memory ...
c = out.data
print(c.requires_grad,
      c.data_ptr() == out.data_ptr())
# zh: ……但这次原地修改不会计入 out
# en: ... but this in-place change is
# en: not counted on out
c.zero_()
# zh: c 单独计数
# en: c counts on its own
print(out._version, c._version)
out.sum().backward()
# zh: 由那些零算出：没有报错，
# zh: 梯度却是错的
# en: computed from the zeros: no error,
# en: wrong gradient
print(a.grad)
