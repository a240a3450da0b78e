a = torch.arange(6.).view(2, 3)
b = torch.arange(6.).view(2, 3)
print(b.T)                       # transpose: rows become columns
print(b.view(3, 2))              # same numbers, read row by row: not b.T
print(a @ b.T)
print(a @ b.view(3, 2))          # runs, but it is another product
