x = torch.tensor([1., 2.],
                 requires_grad=True)
# zh: 下面从未用到
# en: never used below
b = torch.tensor([3., 4.],
                 requires_grad=True)
loss = (x * 2).sum()
torch.autograd.grad(loss, [x, b])
