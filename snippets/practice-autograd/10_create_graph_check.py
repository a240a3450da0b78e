assert dy.item() == 27., dy
assert dy.requires_grad, (
    dy.requires_grad)
assert d2y is not None, d2y
assert d2y.item() == 18., d2y
