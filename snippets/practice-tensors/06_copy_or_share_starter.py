import numpy as np
import torch

a = np.array([1., 2., 3.])
# zh: 应该看到之后对 a 的修改
# en: should see later changes to a
shared = torch.tensor(a)
# zh: 不应该看到
# en: should not
copied = torch.from_numpy(a)
a[0] = 100.

x = torch.tensor([1., 2., 3.])
# zh: 修改 arr 不应影响 x
# en: changing arr should leave x alone
arr = x.numpy()
arr[1] = -1.
print(shared, copied, x)
