torch.autograd.grad(h5.sum(), x)
