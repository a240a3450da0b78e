x = torch.arange(4.0)
print(x.requires_grad)
x.requires_grad_()  # same as requires_grad_(True)
print(x.requires_grad)
(x * x).sum().backward()
print(x.grad)  # d(sum x^2)/dx = 2x: a derivative
