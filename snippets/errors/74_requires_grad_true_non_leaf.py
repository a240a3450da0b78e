x = torch.tensor([1., 2.],
                 requires_grad=True)
h = x * 2
print(h.is_leaf, h.requires_grad)
h.requires_grad = True
