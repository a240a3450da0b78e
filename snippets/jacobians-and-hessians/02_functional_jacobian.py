from torch.autograd.functional \
    import jacobian

# zh: 形状：y 的 [1, 2] 加上 x 的 [2]
# en: shape: y's [1, 2], then x's [2]
J_functional = jacobian(f, x)
print(J_functional.shape)
print(J_functional[0])
