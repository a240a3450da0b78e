import torch

x = torch.arange(6.).view(2, 3)
# zh: 转置：x 的一个视图，步长互换
# en: a transpose: a view of x with
# en: swapped strides
t = x.T
print(t)


def flatten(m):
    """Return the elements of m, row
    by row, as a 1-D tensor."""
    return m.view(-1)
