a = torch.tensor(1.5,
                 requires_grad=True)
# zh: 同一个输入，调用两次
# en: the same input, called twice
d1, d2 = f(a), f(a)
# zh: 两张各自独立的计算图
# en: two separate graphs
print(d1.grad_fn is d2.grad_fn)
d1.backward()
# zh: 每张图都有自己保存的张量
# en: each graph has its own saved
# en: tensors
d2.backward()
# zh: 1024 + 1024，累加而来
# en: 1024 + 1024, accumulated
print(a.grad)
