x = torch.tensor([1., 2.], requires_grad=True)
b = torch.tensor([3., 4.], requires_grad=True)   # never used below
loss = (x * 2).sum()
torch.autograd.grad(loss, [x, b])
