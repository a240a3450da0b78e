acc.zero_grad()
for xb, yb in zip(X4.chunk(k), Y4.chunk(k)):
    loss_fn(acc(xb), yb).backward()          # not divided by k
print([p.grad / g for p, g in zip(acc.parameters(), full)])

acc.zero_grad()
for xb, yb in zip(X4.split([3, 1]), Y4.split([3, 1])):
    (loss_fn(acc(xb), yb) * len(xb) / len(X4)).backward()  # weight by size
print([torch.allclose(p.grad, g) for p, g in zip(acc.parameters(), full)])
