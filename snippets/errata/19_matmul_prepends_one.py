v = torch.arange(3.)
M = torch.arange(12.).view(3, 4)
print(torch.matmul(v, M).shape)
# zh: 先在前面加一个 1，再把它去掉
# en: 1 prepended, then removed
print(v.unsqueeze(0).shape,
      (v.unsqueeze(0) @ M).shape)
assert torch.equal(
    torch.matmul(v, M),
    (v.unsqueeze(0) @ M).squeeze(0),
)
