def flatten(m):
    """Return the elements of m, row by row, as a 1-D tensor."""
    return m.reshape(-1)  # a view when possible, a copy when the strides do not allow one


print(t.is_contiguous(), x.stride(), t.stride())
print(flatten(x), flatten(t))
print(torch.equal(flatten(t), t.contiguous().view(-1)))
