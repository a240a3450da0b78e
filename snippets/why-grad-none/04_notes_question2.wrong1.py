# zh: 如果 y 是叶子张量（先 view，再 requires_grad_()）
# en: if y were a leaf (view first, then requires_grad_())
x = torch.arange(
    1, 3, dtype=torch.float,
    requires_grad=True).view(1, 2)
y = torch.arange(
    3, 7, dtype=torch.float
).view(2, 2).requires_grad_()
z = torch.mm(x, y)
z.backward(torch.ones_like(z))
print(y.grad)
