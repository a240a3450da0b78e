J_jacrev = torch.func.jacrev(g)(x.detach())[0]
print(J_jacrev)

rows = torch.eye(2).view(2, 1, 2)  # one v per row of J, batched: shape [2, *y.shape]
(J_batched,) = torch.autograd.grad(g(x), x, rows, is_grads_batched=True)
print(J_batched)
assert torch.equal(J_jacrev, J_rows) and torch.equal(J_batched, J_rows)
