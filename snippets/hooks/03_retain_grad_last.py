# zh: 一个新的叶子张量，不带上面的钩子
# en: a fresh leaf, without the hooks
# en: above
x = torch.tensor([1., 2.],
                 requires_grad=True)
h = x * 2
h.retain_grad()
# zh: 钩子运行时，h.grad 还没写入
# en: when the hook runs, h.grad is
# en: not written yet
h.register_hook(
    lambda g: print("hook sees",
                    h.grad))
(h * h).sum().backward()
print("after:", h.grad)
