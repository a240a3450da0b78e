a = np.array([1., 2., 3.])
# zh: 与 a 共享内存（也保留它的 dtype：
# zh: float64）
# en: shares a's memory (and keeps its
# en: dtype, float64)
shared = torch.from_numpy(a)
# zh: 总是复制
# en: always copies
copied = torch.tensor(a)
a[0] = 100.

x = torch.tensor([1., 2., 3.])
# zh: x.numpy() 共享内存；
# zh: .copy() 得到一个独立的数组
# en: x.numpy() shares memory; .copy()
# en: makes an independent array
arr = x.numpy().copy()
arr[1] = -1.
print(shared, copied, x, arr)
