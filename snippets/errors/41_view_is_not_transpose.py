a = torch.arange(6.).view(2, 3)
b = torch.arange(6.).view(2, 3)
# zh: 转置：行变成列
# en: transpose: rows become columns
print(b.T)
# zh: 同样的数，按行依次读取：不是 b.T
# en: same numbers, read row by row:
# en: not b.T
print(b.view(3, 2))
print(a @ b.T)
# zh: 能运行，但算的是另一个乘积
# en: runs, but it is another product
print(a @ b.view(3, 2))
