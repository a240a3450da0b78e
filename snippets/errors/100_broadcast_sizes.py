# zh: 10 个样本，3 个特征
# en: 10 samples, 3 features
x = torch.ones(10, 3)
# zh: 本意：每个特征一个权重
# en: meant: one weight per feature
w = torch.ones(2, 3)
# zh: 从右往左比较：3 和 3，再 10 和 2
# en: compared from the right:
# en: 3 and 3, then 10 and 2
x * w
