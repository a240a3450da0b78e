a = torch.arange(120.).view(
    10, 1, 3, 4)
b = torch.arange(40.).view(2, 4, 5)
# zh: 批量维度 (10, 1) 与 (2,)
# en: batch dims (10, 1) and (2,)
print(torch.broadcast_shapes(
    a.shape[:-2], b.shape[:-2]))
c = a @ b
print(c.shape)
for i in range(10):
    for j in range(2):
        assert torch.equal(
            c[i, j], a[i, 0] @ b[j])
