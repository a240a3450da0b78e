# zh: 2 个样本，3 个类别
# en: 2 samples, 3 classes
logits = torch.tensor([[2., 0., 1.],
                       [0., 3., 1.]])
# zh: 类别索引，却存成了浮点数
# en: class indices, as floats
target = torch.tensor([0., 1.])
torch.nn.functional.cross_entropy(
    logits, target)
