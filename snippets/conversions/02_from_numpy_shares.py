arr = np.array([1.0, 2.0, 3.0])
t = torch.from_numpy(arr)
arr[0] = -1.0
# zh: 保留 float64，共享内存
# en: float64 is kept, memory is shared
print(t)
t[1] = 20.0
print(arr)
