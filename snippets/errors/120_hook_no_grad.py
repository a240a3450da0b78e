x = torch.tensor([1., 2.])              # requires_grad=False, the default
x.register_hook(lambda grad: print(grad))
