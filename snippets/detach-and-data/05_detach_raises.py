a = torch.tensor([0., 1., 2.],
                 requires_grad=True)
out = a.sigmoid()
c = out.detach()
# zh: 同样的修改，这次通过 detach() 进行
# en: the same change, made through
# en: detach()
c.zero_()
print(out._version)
out.sum().backward()
