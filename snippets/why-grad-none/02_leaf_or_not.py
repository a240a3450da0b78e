print("x.is_leaf:", x.is_leaf,
      "| y.is_leaf:", y.is_leaf)
print("x.grad_fn:",
      type(x.grad_fn).__name__,
      "| y.grad_fn:", y.grad_fn)
print("x.requires_grad:",
      x.requires_grad)
