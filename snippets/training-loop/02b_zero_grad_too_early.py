before = [
    p.clone()
    for p in model.parameters()]
loss_fn(model(X), Y).backward()
# zh: 太早了：在 backward() 与
# zh: step() 之间
# en: too early: between backward()
# en: and step()
optimizer.zero_grad()
# zh: 每个 .grad 都是 None：
# zh: 没有可更新的
# en: every .grad is None: nothing
# en: to update
optimizer.step()
print([
    torch.equal(p, b)
    for p, b in zip(
        model.parameters(), before)])
