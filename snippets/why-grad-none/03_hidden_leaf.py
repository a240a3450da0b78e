# x.grad_fn (ViewBackward0) points back to the tensor torch.tensor(...) created
accumulate = x.grad_fn.next_functions[0][0]
print(type(accumulate).__name__)
leaf = accumulate.variable
print(leaf)
print(leaf.is_leaf, leaf.grad)
