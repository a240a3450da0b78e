def shape_of(x):
    """Return the shape of x."""
    # zh: 假定是二维：0 维张量没有 len()
    # en: assumes 2-D: a 0-d tensor has
    # en: no len()
    return (len(x), len(x[0]))
