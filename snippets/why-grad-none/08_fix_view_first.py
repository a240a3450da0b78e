# Fix 2: reshape first, then ask for gradients (the view of a tensor that
# does not require grad is itself a leaf)
x = torch.tensor([2., 1.]).view(1, 2).requires_grad_()
y = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
torch.mm(x, y).backward(torch.tensor([[1., 0.]]))
print(x.is_leaf, x.grad)
