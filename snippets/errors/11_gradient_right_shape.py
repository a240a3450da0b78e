x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 2
print(y.shape)
y.backward(torch.tensor([1., 0., 0.]))  # same shape as y
print(x.grad)
