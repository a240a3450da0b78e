import numpy as np
import torch

a = np.array([1., 2., 3.])
shared = torch.tensor(a)       # should see later changes to a
copied = torch.from_numpy(a)   # should not
a[0] = 100.

x = torch.tensor([1., 2., 3.])
arr = x.numpy()                # changing arr should leave x alone
arr[1] = -1.
print(shared, copied, x)
