print(torch.dot(a, b[:3]))      # two vectors of the same length
print(torch.outer(a, b).shape)  # or all products a[i] * b[j]: an outer product
