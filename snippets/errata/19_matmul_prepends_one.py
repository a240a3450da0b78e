v = torch.arange(3.)
M = torch.arange(12.).view(3, 4)
print(torch.matmul(v, M).shape)
print(v.unsqueeze(0).shape, (v.unsqueeze(0) @ M).shape)  # 1 prepended, then removed
assert torch.equal(torch.matmul(v, M), (v.unsqueeze(0) @ M).squeeze(0))
