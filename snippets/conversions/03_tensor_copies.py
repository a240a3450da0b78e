A = np.array([1.0, 2.0, 3.0])
B = torch.tensor(A)  # the notes' second line: always a copy
A[0] = 100.0
print(A)
print(B)
assert B[0] == 1.0
