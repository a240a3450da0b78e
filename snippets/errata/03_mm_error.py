# zh: 形状是 [2]
# en: shape [2]
x = torch.arange(
    1, 3, dtype=torch.float,
    requires_grad=True,
)
torch.mm(x, y)
