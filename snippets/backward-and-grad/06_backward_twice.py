x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
y = (x ** 2).sum()
y.backward()
print(x.grad)
y.backward()
