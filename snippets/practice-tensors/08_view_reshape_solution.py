def flatten(m):
    """Return the elements of m, row
    by row, as a 1-D tensor."""
    # zh: 步长允许时返回视图，
    # zh: 否则返回副本
    # en: a view if the strides allow it,
    # en: a copy otherwise
    return m.reshape(-1)


print(t.is_contiguous(), x.stride(),
      t.stride())
print(flatten(x), flatten(t))
print(torch.equal(
    flatten(t),
    t.contiguous().view(-1)))
