# zh: 常见的错误“修复”：
# zh: retain_graph=True。这样一来，
# zh: w 改变后旧的计算图仍被重复使用
# en: A common wrong "fix":
# en: retain_graph=True. Now the old
# en: graph is reused after w changed
w = torch.tensor([1., 2.],
                 requires_grad=True)
loss = (w ** 2).sum()
for step in range(2):
    loss.backward(retain_graph=True)
    print(step, loss.detach(),
          w.grad)
    with torch.no_grad():
        w -= 0.25 * w.grad
    w.grad = None
