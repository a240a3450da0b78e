x = torch.ones(4, 5)
layer = torch.nn.Linear(x.shape[-1], 2)  # in_features: input's last size
print(layer(x).shape)
