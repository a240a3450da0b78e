# zh: 每个特征一个权重：
# zh: [3] 相当于 [1, 3]
# en: one weight per feature:
# en: [3] acts as [1, 3]
w = torch.ones(3)
print((x * w).shape)
print(torch.broadcast_shapes(
    (10, 3), (1, 3)))
print(torch.broadcast_shapes(
    (10, 3), (10, 1)))
