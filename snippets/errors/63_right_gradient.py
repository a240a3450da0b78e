a = torch.tensor([0., 1., 2.],
                 requires_grad=True)
out = a.sigmoid()
# zh: 自己的副本，可以随便改
# en: a copy of your own to change
c = out.detach().clone()
c.zero_()
out.sum().backward()
print(a.grad)
print(
    torch.sigmoid(a.detach())
    * (1 - torch.sigmoid(a.detach()))
)
