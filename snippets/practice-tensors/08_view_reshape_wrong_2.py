def flatten(m):
    """Return the elements of m, row
    by row, as a 1-D tensor."""
    # zh: 经过 NumPy：返回的是数组
    # en: through NumPy: an array comes
    # en: back
    return m.numpy().reshape(-1)
