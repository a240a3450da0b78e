y = x ** 3
(dy,) = torch.autograd.grad(y, x)  # no create_graph
print(dy, dy.requires_grad, dy.grad_fn)
torch.autograd.grad(dy, x)
