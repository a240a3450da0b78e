# zh: 每行应有 3 个特征
# en: expects 3 features per row
layer = torch.nn.Linear(3, 2)
# zh: 4 行，每行 5 个特征
# en: 4 rows of 5 features
x = torch.ones(4, 5)
layer(x)
