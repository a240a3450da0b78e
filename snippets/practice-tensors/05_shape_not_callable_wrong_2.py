def shape_of(x):
    """Return the shape of x."""
    # zh: ndim 是维数，不是形状
    # en: ndim is the number of
    # en: dimensions, not the shape
    return x.ndim
