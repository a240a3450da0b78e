a = np.array([1., 2., 3.])
shared = torch.from_numpy(a)
copied = torch.tensor(a)
a[0] = 100.

x = torch.tensor([1., 2., 3.])
# zh: x.numpy() 与 x 共享内存
# en: x.numpy() shares x's memory
arr = x.numpy()
arr[1] = -1.
