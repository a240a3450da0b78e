print(x.size(1), x.shape[1])
print(x.size(-1), x.shape[-1])
# zh: torch.Size 可以像元组一样解包
# en: a torch.Size unpacks like a
# en: tuple
rows, cols = x.shape
print(rows, cols)
