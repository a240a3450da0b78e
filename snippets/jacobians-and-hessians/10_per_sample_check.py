# zh: 对照：逐个样本 backward
# en: check: one backward per sample
rows = []
for x_i, t_i in zip(X, t):
    w_i = w.clone().requires_grad_()
    loss(w_i, x_i, t_i).backward()
    rows.append(w_i.grad)
assert torch.equal(
    per_sample, torch.stack(rows))
# zh: 总损失的梯度 = 逐样本梯度之和
# en: the summed loss's gradient is
# en: the sum of the per-sample ones
w_b = w.clone().requires_grad_()
loss(w_b, X, t).sum().backward()
print(w_b.grad)
assert torch.equal(
    w_b.grad, per_sample.sum(0))
