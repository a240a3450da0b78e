# zh: 以为 matmul 补上的 1 会留下
# en: if the 1 matmul prepends stayed
v = v.unsqueeze(0)
print(v @ M)
