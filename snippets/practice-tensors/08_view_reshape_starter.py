import torch

x = torch.arange(6.).view(2, 3)
t = x.T                      # a transpose: a view of x with swapped strides
print(t)


def flatten(m):
    """Return the elements of m, row by row, as a 1-D tensor."""
    return m.view(-1)
