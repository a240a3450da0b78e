# zh: 2 行：2 个样本
# en: 2 rows: 2 samples
logits = torch.tensor([[2., 0., 1.],
                       [0., 3., 1.]])
# zh: 3 个标签
# en: 3 labels
target = torch.tensor([0, 1, 2])
torch.nn.functional.cross_entropy(
    logits, target)
