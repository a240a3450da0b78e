# zh: 从 fn 能走到的节点中，
# zh: 名为 name 的有几个
# en: nodes called `name`
# en: reachable from fn
def count(fn, name):
    seen, todo = set(), [fn]
    while todo:
        f = todo.pop()
        if (f is not None
                and f not in seen):
            seen.add(f)
            todo += [
                g for g, _
                in f.next_functions]
    return sum(
        type(f).__name__ == name
        for f in seen)


torch.manual_seed(0)
model = torch.nn.Linear(2, 1)
optimizer = torch.optim.SGD(
    model.parameters(), lr=0.1)
total_loss = 0
for step in range(3):
    loss = (model(torch.randn(4, 2))
            .pow(2).mean())
    loss.backward()
    optimizer.step()
    optimizer.zero_grad()
    # zh: 加的是张量，
    # zh: 每一步的计算图都挂在它上面
    # en: a tensor: every step's graph
    # en: hangs on it
    total_loss += loss
print(
    type(total_loss.grad_fn)
    .__name__,
    count(total_loss.grad_fn,
          "PowBackward0"))
