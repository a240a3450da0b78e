# zh: 以为 torch.tensor() 像 from_numpy() 一样共享内存
# en: if torch.tensor() shared memory like from_numpy()
A = np.array([1.0, 2.0, 3.0])
B = torch.from_numpy(A)
A[0] = 100.0
print(A)
print(B)
