acc.zero_grad()
for xb, yb in zip(X4.chunk(k),
                  Y4.chunk(k)):
    # zh: 没有除以 k
    # en: not divided by k
    loss_fn(acc(xb), yb).backward()
print([p.grad / g
       for p, g in zip(
           acc.parameters(), full)])

acc.zero_grad()
for xb, yb in zip(X4.split([3, 1]),
                  Y4.split([3, 1])):
    # zh: 大小不同，仍只除以 k
    # en: unequal sizes, still / k
    (loss_fn(acc(xb), yb)
     / k).backward()
print([p.grad / g
       for p, g in zip(
           acc.parameters(), full)])

acc.zero_grad()
for xb, yb in zip(X4.split([3, 1]),
                  Y4.split([3, 1])):
    # zh: 按大小加权
    # en: weight by size
    (loss_fn(acc(xb), yb)
     * len(xb) / len(X4)).backward()
print([torch.equal(p.grad, g)
       for p, g in zip(
           acc.parameters(), full)])
