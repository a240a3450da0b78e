# Fix 3: keep the non-leaf, but ask autograd to keep its gradient
x = torch.tensor([2., 1.], requires_grad=True).view(1, 2)
x.retain_grad()
y = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
torch.mm(x, y).backward(torch.tensor([[1., 0.]]))
print(x.is_leaf, x.grad)
