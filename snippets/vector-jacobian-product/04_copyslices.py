y = f(x)
print(y.is_leaf, y.requires_grad,
      type(y.grad_fn).__name__)
print([type(fn).__name__
       if fn is not None else None
       for fn, _
       in y.grad_fn.next_functions])
