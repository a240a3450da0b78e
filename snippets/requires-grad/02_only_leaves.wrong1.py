# zh: 以为 requires_grad_(False) 在任何张量上都能关掉梯度
# en: if requires_grad_(False) switched any tensor off
x = torch.arange(4.0,
                 requires_grad=True)
h = x * 2
print(h.is_leaf, h.requires_grad)
print(h.requires_grad_(True) is h)
h = h.detach()
print(h.requires_grad)
