# zh: 以为 mm 会像 matmul 那样把一维的 x 当成一行
# en: if mm treated a 1-D x as a row, as matmul does
x = torch.arange(
    1, 3, dtype=torch.float,
    requires_grad=True)
y = torch.arange(
    3, 7, dtype=torch.float,
    requires_grad=True).view(2, 2)
print(x.shape, y.shape)
z = torch.matmul(x, y)
print(z.detach())
