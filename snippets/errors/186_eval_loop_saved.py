# zh: 从 fn 能走到的 PowBackward0
# zh: 节点里，保存的张量还在的有几个
# en: PowBackward0 nodes reachable
# en: from fn that still hold the
# en: tensor they saved
def still_saved(fn):
    alive, seen = 0, set()
    todo = [fn]
    while todo:
        f = todo.pop()
        if f is None or f in seen:
            continue
        seen.add(f)
        todo += [g for g, _
                 in f.next_functions]
        if (type(f).__name__
                == "PowBackward0"):
            try:
                f._saved_self
                alive += 1
            # zh: backward() 已经释放了它
            # en: freed by backward()
            except RuntimeError:
                pass
    return alive


# zh: 上面的训练循环：每步都 backward()
# en: the training loop above: one
# en: backward() a step
print(still_saved(
    total_loss.grad_fn))
# zh: 评估循环：不 backward()，
# zh: 也没放在 no_grad() 里
# en: an evaluation loop: no
# en: backward(), no no_grad()
eval_total = 0
for step in range(3):
    x = torch.ones(4, 2) * (step + 1)
    loss = model(x).pow(2).mean()
    eval_total += loss
print(still_saved(
    eval_total.grad_fn))
# zh: 评估循环留下的节点
# zh: 全部都还保存着张量
# en: every node the evaluation
# en: loop left still holds its
# en: saved tensor
n = count(eval_total.grad_fn,
          "PowBackward0")
assert still_saved(
    eval_total.grad_fn) == n
