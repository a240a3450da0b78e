x_fixed = x.to(W.dtype)   # or x.float(); matmul does not promote dtypes
print(x_fixed.dtype, W @ x_fixed)
