# zh: 或 x.float()；matmul 不做类型提升
# en: or x.float(); matmul does not
# en: promote dtypes
x_fixed = x.to(W.dtype)
print(x_fixed.dtype, W @ x_fixed)
