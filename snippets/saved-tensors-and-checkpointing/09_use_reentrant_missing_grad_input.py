# zh: 没有传 use_reentrant
# en: use_reentrant not passed
h2 = checkpoint(counted, h)
# zh: 没有报错：按 use_reentrant=True
# zh: 运行了
# en: no exception: it ran with
# en: use_reentrant=True
print(type(h2.grad_fn).__name__)
