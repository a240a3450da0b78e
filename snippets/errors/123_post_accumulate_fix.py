# zh: 叶子张量：梯度累加进 .grad 之后调用
# en: a leaf: called once its .grad
# en: has been accumulated
x.register_post_accumulate_grad_hook(
    lambda t: print("x.grad:",
                    t.grad))
# zh: 非叶子张量：用 register_hook
# en: a non-leaf: use register_hook
h.register_hook(
    lambda g: print("dL/dh:", g))
(h ** 2).sum().backward()
