x = torch.arange(4.0, requires_grad=True)
h = x * 2  # a computed, non-leaf tensor
print(h.is_leaf, h.requires_grad)
h.requires_grad_(False)
