def forward(x):
    a1 = x * 2  # a new a1 on every call
    return a1, (a1 ** 2).sum()


x = torch.tensor([1., 2., 3.], requires_grad=True)
a1_calls, x_calls = [], []
x.register_hook(x_calls.append)  # on the leaf
for step in range(3):
    a1, out = forward(x)
    if step == 0:
        a1.register_hook(a1_calls.append)  # only on the first a1, never removed
    out.backward()
print(len(a1_calls), len(x_calls))
