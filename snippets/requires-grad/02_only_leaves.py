x = torch.arange(4.0, requires_grad=True)
h = x * 2  # computed from a tensor that requires grad: a non-leaf
print(h.is_leaf, h.requires_grad)
print(h.requires_grad_(True) is h)  # already True: nothing to do
h.requires_grad_(False)
