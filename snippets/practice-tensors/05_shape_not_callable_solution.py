def shape_of(x):
    """Return the shape of tensor x."""
    return x.shape  # an attribute: no parentheses (x.size() is the method)


print(shape_of(torch.zeros(2, 3)), shape_of(torch.tensor(2.0)), shape_of(torch.tensor([2.0])))
print(torch.zeros(2, 3).size() == torch.zeros(2, 3).shape)
