a = torch.tensor([0., 1., 2.],
                 requires_grad=True)
out = a.sigmoid()
# zh: 同一块内存，版本计数器也是同一个
# en: same memory, and the same version
c = out.detach()
c.zero_()
print(out._version)
out.sum().backward()
