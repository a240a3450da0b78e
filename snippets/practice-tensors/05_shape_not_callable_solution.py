def shape_of(x):
    """Return the shape of x."""
    # zh: 是属性，不加括号
    # zh: （x.size() 才是方法）
    # en: an attribute: no parentheses
    # en: (x.size() is the method)
    return x.shape


print(shape_of(torch.zeros(2, 3)),
      shape_of(torch.tensor(2.0)),
      shape_of(torch.tensor([2.0])))
print(torch.zeros(2, 3).size()
      == torch.zeros(2, 3).shape)
