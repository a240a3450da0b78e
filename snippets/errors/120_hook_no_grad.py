# zh: requires_grad=False，默认值
# en: requires_grad=False, the default
x = torch.tensor([1., 2.])
x.register_hook(
    lambda grad: print(grad))
