loss_fn(model(X), Y).backward()
# zh: 手写 SGD 的更新规则，不记录
# en: SGD's rule by hand, not recorded
with torch.no_grad():
    expected = [
        p - 0.05 * p.grad
        for p in model.parameters()]
optimizer.step()
print([
    torch.equal(p, e)
    for p, e in zip(
        model.parameters(),
        expected)])
# zh: 仍是叶子张量
# en: still a leaf
print(model.weight.is_leaf,
      model.weight.grad_fn)

optimizer.zero_grad()
# zh: zero_grad() 把它重新设为 None
# en: zero_grad() set it back to None
print(model.weight.grad)
