# zh: 同一个 y，不用原地写入来构造
# en: the same y, built without
# en: in-place writes
def g(x):
    return torch.stack(
        [x[0] ** 2 + 3 * x[1],
         x[1] ** 2 + 2 * x[0]]
    ).view(1, 2)

y = g(x)
print(y, y.is_leaf,
      type(y.grad_fn).__name__)
x.grad = None
y.backward(torch.tensor([[1., 1.]]))
print(x.grad)
assert (
    torch.equal(
        x.grad,
        torch.tensor([6., 9.]))
    and torch.equal(y, f(x))
)
