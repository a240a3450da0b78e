# zh: 规则 3：(3,) @ (3, 4)：v 被当作
# zh: 1x3 的行向量，之后再去掉这个 1
# en: rule 3: (3,) @ (3, 4): v is
# en: treated as a 1x3 row, the 1 is
# en: removed afterwards
print(M)
print(v.unsqueeze(0) @ M)
print(v @ M)
assert torch.equal(
    v @ M,
    (v.unsqueeze(0) @ M).squeeze(0))
