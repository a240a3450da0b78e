import torch

# Create the leaf with the shape mm needs: no view, so nothing comes between x and the graph
x = torch.tensor([[2., 1.]], requires_grad=True)
# (or reshape first, then turn gradients on: torch.tensor([2., 1.]).view(1, 2).requires_grad_())
y = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
z = torch.mm(x, y)
z.backward(torch.tensor([[1., 0.]]), retain_graph=True)
print(x.is_leaf, x.grad_fn)
print(x.grad)
print(y.grad)
