def forward(x):
    # zh: 每次调用都产生一个新的 a1
    # en: a new a1 on every call
    a1 = x * 2
    return a1, (a1 ** 2).sum()


x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
a1_calls, x_calls = [], []
# zh: 注册在叶子张量上
# en: on the leaf
x.register_hook(x_calls.append)
for step in range(3):
    a1, out = forward(x)
    if step == 0:
        # zh: 只注册在第一个 a1 上，
        # zh: 从不移除
        # en: only on the first a1, never
        # en: removed
        a1.register_hook(
            a1_calls.append)
    out.backward()
print(len(a1_calls), len(x_calls))
