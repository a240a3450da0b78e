J_jacrev = torch.func.jacrev(g)(
    x.detach())[0]
print(J_jacrev)

# zh: J 的每一行一个 v，成批传入：
# zh: 形状为 [2, *y.shape]
# en: one v per row of J, batched:
# en: shape [2, *y.shape]
rows = torch.eye(2).view(2, 1, 2)
(J_batched,) = torch.autograd.grad(
    g(x), x, rows,
    is_grads_batched=True)
print(J_batched)
assert (torch.equal(J_jacrev, J_rows)
        and torch.equal(J_batched,
                        J_rows))
