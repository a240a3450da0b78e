w = torch.tensor(2.,
                 requires_grad=True)
# zh: autograd 每写一次 w.grad 调用一次
# en: called each time autograd writes
# en: w.grad
writes = []
w.register_post_accumulate_grad_hook(
    lambda p: writes.append(
        p.grad.clone()))

# zh: w 被用了三次
# en: w is used three times
y = w * 3 + w ** 2 + torch.sin(w)
y.backward()
# zh: 只写一次：3 + 2w + cos(w)，
# zh: 已经求和
# en: one write: 3 + 2w + cos(w),
# en: already summed
print(w.grad, len(writes))

# zh: 第二次调用 backward()
# zh: 会累加到 .grad
# en: a second backward() call adds to
# en: .grad
(w * 3).backward()
print(w.grad, len(writes))
assert (
    len(writes) == 2
    and torch.allclose(
        writes[0],
        3 + 2 * w + torch.cos(w)))
