# zh: x = [2, 3] 处的雅可比矩阵：
# zh: 第 i 行是 y_i 的各个偏导数
# en: Jacobian at x = [2, 3]: row i
# en: holds the partial derivatives
# en: of y_i
x0, x1 = 2., 3.
J = torch.tensor([[2 * x0, 3.],
                  [2., 2 * x1]])
# zh: 传给 backward 的 [[1, 1]]，展平后
# en: the [[1, 1]] passed to backward,
# en: flattened
v = torch.tensor([1., 1.])
print(J)
print(v @ J)
assert torch.equal(v @ J, x.grad)
