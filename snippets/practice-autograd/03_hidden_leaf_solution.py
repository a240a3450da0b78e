import torch

x = torch.tensor([2., 1.], requires_grad=True).view(1, 2)
y = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
z = torch.mm(x, y)
z.backward(torch.tensor([[1., 0.]]), retain_graph=True)

# Way A: the leaf torch.tensor(...) created is one step down the graph, and backward() filled it
accumulate = x.grad_fn.next_functions[0][0]
leaf = accumulate.variable
print(type(accumulate).__name__, leaf.is_leaf, leaf.grad)

# Way B: ask autograd for the gradient directly (the graph is still there thanks to retain_graph=True)
x_grad, = torch.autograd.grad(z, x, torch.tensor([[1., 0.]]))
print(x_grad)
assert torch.equal(x_grad.reshape(2), leaf.grad)
