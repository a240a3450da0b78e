x = torch.tensor([1., 2.], requires_grad=True)
y = x * 3                               # in the graph: requires grad
y.register_hook(lambda grad: print("dL/dy:", grad))
(y ** 2).sum().backward()
print("dL/dx:", x.grad)
