# zh: 在 x = [2., 3.] 处手算的雅可比矩阵
# en: the Jacobian at x = [2., 3.],
# en: worked out by hand
J_true = torch.tensor([[4., 3.],
                       [2., 6.]])
assert J_auto is not None, J_auto
assert torch.equal(J_auto, J_true), (
    f"J_auto = {J_auto}")
assert torch.equal(J_rows, J_true), (
    f"J_rows = {J_rows}")
