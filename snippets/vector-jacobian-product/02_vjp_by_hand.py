# Jacobian at x = [2, 3]: row i holds the partial derivatives of y_i
x0, x1 = 2., 3.
J = torch.tensor([[2 * x0, 3.],
                  [2., 2 * x1]])
v = torch.tensor([1., 1.])  # the [[1, 1]] passed to backward, flattened
print(J)
print(v @ J)
assert torch.equal(v @ J, x.grad)
