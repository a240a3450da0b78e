x = torch.ones(4, 5)
# zh: in_features：输入最后一维的大小
# en: in_features: input's last size
layer = torch.nn.Linear(
    x.shape[-1], 2)
print(layer(x).shape)
