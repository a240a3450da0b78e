# zh: 常见的错误“修复”：
# zh: 改用非原地写法。能运行，
# zh: 但 w 不再是叶子张量
# en: A common wrong "fix": write it
# en: out of place. It runs, but w is
# en: no longer a leaf
w = torch.tensor([1., 2.],
                 requires_grad=True)
(w ** 2).sum().backward()
w = w - 0.25 * w.grad
print(w.is_leaf,
      type(w.grad_fn).__name__)
(w ** 2).sum().backward()
# zh: 下一步没有梯度可读
# en: the next step has nothing to read
print(w.grad)
