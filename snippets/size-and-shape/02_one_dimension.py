print(x.size(1), x.shape[1])
print(x.size(-1), x.shape[-1])
rows, cols = x.shape  # a torch.Size unpacks like a tuple
print(rows, cols)
