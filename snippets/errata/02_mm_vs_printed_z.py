x = torch.arange(
    1, 3, dtype=torch.float,
    requires_grad=True,
).view(1, 2)
y = torch.arange(
    3, 7, dtype=torch.float,
    requires_grad=True,
).view(2, 2)
print(torch.mm(x, y))
# zh: 笔记里 2x2 的 z：逐元素乘积
# en: the 2x2 z of the notes:
# en: an elementwise product
print(x * y)
