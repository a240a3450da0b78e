A = np.array([1.0, 2.0, 3.0])  # float64
same = torch.as_tensor(A)  # dtype already matches: shares
converted = torch.as_tensor(A, dtype=torch.float32)  # needs a conversion: copies
A[0] = -1.0
print(same)
print(converted)
