A = np.array([1.0, 2.0, 3.0])
# zh: 笔记里的第二行：总是复制
# en: the notes' second line: always a
# en: copy
B = torch.tensor(A)
A[0] = 100.0
print(A)
print(B)
assert B[0] == 1.0
