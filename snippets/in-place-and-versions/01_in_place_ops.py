import torch

x = torch.tensor([1., 2., 3.])
address = x.data_ptr()  # where x's data lives

x.add_(1)     # trailing underscore: in place
x += 1        # augmented assignment: also in place for tensors
x[0] = 0.     # index assignment: in place
print(x, x.data_ptr() == address)

x = x + 1     # a new tensor, then the name x is rebound to it
print(x, x.data_ptr() == address)
