import torch

log = []
x = torch.tensor([1., 2.],
                 requires_grad=True)
x.register_post_accumulate_grad_hook(
    lambda t: log.append("x post"))
x.register_hook(
    lambda g: log.append("x hook"))


def run():
    log.clear()
    y = x * 2
    node = y.grad_fn
    node.register_hook(
        lambda gi, go: log.append(
            "node hook"))
    node.register_prehook(
        lambda go: log.append(
            "node prehook"))
    y.register_hook(
        lambda g: log.append(
            "y hook"))
    y.sum().backward()
    return list(log)


# zh: TODO：不运行 run()，写出
# zh: 五个钩子在 backward() 中的
# zh: 触发顺序
# en: TODO: without running run(), the
# en: order in which backward() fires
# en: the five hooks
order = []
