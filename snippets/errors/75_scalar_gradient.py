x = torch.tensor([1., 2.],
                 requires_grad=True)
(x * x).sum().backward()
print(x.grad)
x.grad = None
(x * x).sum().backward(
    torch.tensor(3.))
print(x.grad)
