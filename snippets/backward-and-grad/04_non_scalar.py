x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
y = x ** 2
print(y.shape)
y.backward()
