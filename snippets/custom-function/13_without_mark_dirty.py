class DoubleNoMark_(Function):
    @staticmethod
    def forward(ctx, x):
        x.mul_(2)
        return x

    @staticmethod
    def backward(ctx, g):
        return 2 * g


a = torch.tensor([1., 2.],
                 requires_grad=True)
b = a.clone()
out = DoubleNoMark_.apply(b)
# zh: out 不是 b 本身，而是 b 的视图
# en: out is not b itself but a view
# en: of b
print(out is b, out._base is b)
print(out)
# zh: b 的值变了，历史却还是 clone
# en: b's values changed, its history
# en: is still the clone
print(b)
out.sum().backward()
print(a.grad)
# zh: 接着用 b：梯度错了
# en: going on with b: wrong gradient
a.grad = None
b.sum().backward()
print(a.grad)
