def count(fn, name):  # nodes called `name` reachable from fn
    seen, todo = set(), [fn]
    while todo:
        f = todo.pop()
        if f is not None and f not in seen:
            seen.add(f)
            todo += [g for g, _ in f.next_functions]
    return sum(type(f).__name__ == name for f in seen)


torch.manual_seed(0)
model = torch.nn.Linear(2, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
total_loss = 0
for step in range(3):
    loss = model(torch.randn(4, 2)).pow(2).mean()
    loss.backward()
    optimizer.step()
    optimizer.zero_grad()
    total_loss += loss             # a tensor: every step's graph hangs on it
print(type(total_loss.grad_fn).__name__, count(total_loss.grad_fn, "PowBackward0"))
