# zh: torch 的 size() 是形状；
# zh: numel() 才是元素个数
# en: torch's size() is the shape;
# en: numel() counts the elements
n_torch = t.numel()
# zh: 或 t.shape[1]
# en: or t.shape[1]
cols_torch = t.size(1)
print(n_torch, cols_torch)
print(t.size(), t.shape, a.shape)
