n_torch = t.numel()       # torch's size() is the shape; numel() counts the elements
cols_torch = t.size(1)    # or t.shape[1]
print(n_torch, cols_torch)
print(t.size(), t.shape, a.shape)
