w1.grad = w2.grad = None
# zh: 与上面相同的两块，
# zh: 只是没有传 use_reentrant
# en: the same two blocks as above,
# en: without use_reentrant
h3 = checkpoint(counted, inp)
out3 = checkpoint(counted, h3).sum()
print(h3.requires_grad, h3.grad_fn)
print(out3.requires_grad)
