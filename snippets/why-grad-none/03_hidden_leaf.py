# zh: x.grad_fn（ViewBackward0）指回
# zh: torch.tensor(...) 创建的那个张量
# en: x.grad_fn (ViewBackward0) points
# en: back to the tensor that
# en: torch.tensor(...) created
accumulate = (
    x.grad_fn.next_functions[0][0])
print(type(accumulate).__name__)
leaf = accumulate.variable
print(leaf)
print(leaf.is_leaf, leaf.grad)
