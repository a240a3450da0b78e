x = torch.tensor([1., 2.],
                 requires_grad=True)
# zh: h 是运算结果：非叶子张量
# en: h is an op's result: a non-leaf
h = x * 2
h.register_post_accumulate_grad_hook(
    lambda t: print(t.grad))
