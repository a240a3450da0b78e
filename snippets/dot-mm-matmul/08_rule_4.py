# zh: 规则 4：(3, 4) @ (4,)：w 被当作
# zh: 4x1 的列向量，之后再去掉这个 1
# en: rule 4: (3, 4) @ (4,): w is
# en: treated as a 4x1 column, the 1 is
# en: removed afterwards
w = torch.tensor([1., 0., 0., 1.])
print(M @ w.unsqueeze(1))
print(M @ w)
assert torch.equal(
    M @ w,
    (M @ w.unsqueeze(1)).squeeze(1))
assert torch.equal(M @ w,
                   torch.mv(M, w))
