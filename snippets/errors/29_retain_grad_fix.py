x = torch.tensor([1., 2.],
                 requires_grad=True)
h = x * 2
h.retain_grad()
(h ** 2).sum().backward()
print(h.grad, x.grad)
