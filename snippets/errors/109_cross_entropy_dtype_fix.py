F = torch.nn.functional
print(target.long())
print(F.cross_entropy(
    logits, target.long()))
# zh: 和 logits 形状相同：
# zh: 当作各类别的概率
# en: same shape as logits:
# en: class probabilities
probs = torch.tensor([[1., 0., 0.],
                      [0., 1., 0.]])
print(F.cross_entropy(logits, probs))
