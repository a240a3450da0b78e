w[0] = 0.  # an index assignment is an in-place write through a view of w
