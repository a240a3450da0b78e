def flatten(m):
    """Return the elements of m, row
    by row, as a 1-D tensor."""
    # zh: clone() 保留步长：
    # zh: 副本同样不连续
    # en: clone() keeps the strides: the
    # en: copy is not contiguous either
    return m.clone().view(-1)
