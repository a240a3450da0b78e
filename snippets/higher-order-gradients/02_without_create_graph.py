y = x ** 3
# zh: 没有 create_graph
# en: no create_graph
(dy,) = torch.autograd.grad(y, x)
print(dy, dy.requires_grad,
      dy.grad_fn)
torch.autograd.grad(dy, x)
