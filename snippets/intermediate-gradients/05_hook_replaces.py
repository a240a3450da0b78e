x = torch.tensor([1., 2., 3.], requires_grad=True)
a1 = x * 2
a1.register_hook(lambda grad: grad.clamp(max=5.))  # a returned tensor replaces the gradient
(a1 ** 2).sum().backward()
print(x.grad)
