a = np.array([1., 2., 3.])
# zh: torch.Tensor（大写）也会复制
# en: torch.Tensor (capital T) copies
# en: too
shared = torch.Tensor(a)
copied = torch.tensor(a)
a[0] = 100.

x = torch.tensor([1., 2., 3.])
arr = x.numpy().copy()
arr[1] = -1.
