n_torch = t.numel()
# zh: 维度从 0 数起：这是第 0 维
# en: dimensions count from 0: this is
# en: dimension 0
cols_torch = t.size(0)
