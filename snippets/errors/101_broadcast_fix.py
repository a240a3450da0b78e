w = torch.ones(3)       # one weight per feature: [3] acts as [1, 3]
print((x * w).shape)
print(torch.broadcast_shapes((10, 3), (1, 3)))
print(torch.broadcast_shapes((10, 3), (10, 1)))
