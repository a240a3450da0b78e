# zh: 以为 .data 和 detach() 一样，autograd 会发现改动
# en: if .data were like detach(), and autograd noticed
a = torch.tensor([0., 1., 2.],
                 requires_grad=True)
out = a.sigmoid()
c = out.detach()
c.zero_()
out.sum().backward()
