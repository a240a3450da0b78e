# zh: 两个长度相同的向量
# en: two vectors of the same length
print(torch.dot(a, b[:3]))
# zh: 或者所有的 a[i] * b[j]：外积
# en: or all products a[i] * b[j]:
# en: an outer product
print(torch.outer(a, b).shape)
