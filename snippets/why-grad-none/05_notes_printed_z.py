# The notes printed a 2x2 z with MulBackward0: that is the elementwise product x * y
w = x * y
print(w, type(w.grad_fn).__name__)
