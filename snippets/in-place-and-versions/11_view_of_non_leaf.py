x = torch.tensor([1., 2., 3.], requires_grad=True)
h = x * 2                         # a non-leaf
print(type(h.grad_fn).__name__)
v = h[1:]                         # a view of it
v.mul_(10)                        # in place through the view
print(h, type(h.grad_fn).__name__)
h.sum().backward()
print(x.grad)                     # h = [2 x0, 20 x1, 20 x2]
