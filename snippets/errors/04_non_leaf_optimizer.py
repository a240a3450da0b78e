w = torch.tensor([1., 2., 3.], requires_grad=True) * 0.01  # a non-leaf
print(w.is_leaf)
opt = torch.optim.SGD([w], lr=0.1)
