w = torch.tensor([1., 2.],
                 requires_grad=True)
c = torch.tensor([3., 4.])
c_before = c.clone()
# zh: d loss / d w 就是 c：[3., 4.]
# en: d loss / d w is c: [3., 4.]
loss = (w * c).sum()
# zh: 通过 NumPy 写入：同一块内存
# en: a write through NumPy: same memory
c.numpy()[:] = 0.
# zh: 版本号没有变
# en: the version did not move
print(c, c._version)
loss.backward()
# zh: 不报错，梯度用的却是新的 c
# en: no error, and the gradient
# en: used the new c
print(w.grad)
