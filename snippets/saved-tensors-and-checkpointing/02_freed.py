z.sum().backward()
print(x.grad)
# zh: backward 之后，保存的张量已被释放
# en: after backward, the saved
# en: tensors are freed
z.grad_fn._saved_self
