a = torch.tensor([0., 1., 2.],
                 requires_grad=True)
# zh: 保存的是 out：
# zh: d out/da = out * (1 - out)
# en: saved: d out/da = out * (1 - out)
out = a.sigmoid()
# zh: 同一块内存，autograd 却看不见
# en: same memory, invisible to autograd
c = out.data
# zh: ……所以这次修改不会被发现
# en: ... so this change goes unnoticed
c.zero_()
out.sum().backward()
# zh: 版本号 0：梯度是由零算出来的
# en: version 0: gradient made from zeros
print(out._version, a.grad)
