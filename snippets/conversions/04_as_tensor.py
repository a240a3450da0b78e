# float64
A = np.array([1.0, 2.0, 3.0])
# zh: dtype 已经一致：共享
# en: dtype already matches: shares
same = torch.as_tensor(A)
# zh: 需要转换：复制
# en: needs a conversion: copies
converted = torch.as_tensor(
    A, dtype=torch.float32)
A[0] = -1.0
print(same)
print(converted)
