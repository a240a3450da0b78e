# zh: 形状是 [2]，不是 [1, 2]
# en: shape [2], not [1, 2]
x = torch.arange(
    1, 3, dtype=torch.float,
    requires_grad=True)
y = torch.arange(
    3, 7, dtype=torch.float,
    requires_grad=True).view(2, 2)
print(x.shape, y.shape)
z = torch.mm(x, y)
