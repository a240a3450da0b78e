w = torch.tensor([1., 2.],
                 requires_grad=True)
fired = {"w": 0, "h": 0}

def count(name):
    def hook(g):
        fired[name] += 1
    return hook

# zh: 每次迭代在 w 和新的 h 上
# zh: 各注册一个钩子，都不移除
# en: each iteration registers a hook
# en: on w and one on the new h, and
# en: removes neither
for step in range(3):
    w.register_hook(count("w"))
    h = w * 2
    h.register_hook(count("h"))
    h.sum().backward()
    print(fired)
