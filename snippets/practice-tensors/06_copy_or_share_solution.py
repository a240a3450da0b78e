a = np.array([1., 2., 3.])
shared = torch.from_numpy(a)   # shares a's memory (and keeps its dtype, float64)
copied = torch.tensor(a)       # always copies
a[0] = 100.

x = torch.tensor([1., 2., 3.])
arr = x.numpy().copy()         # x.numpy() shares memory; .copy() makes an independent array
arr[1] = -1.
print(shared, copied, x, arr)
