x = torch.tensor([1., 2.],
                 requires_grad=True)
(x * x).sum().backward()
print(x.grad)
x.grad = None
(x * x).sum().backward(
    torch.tensor(3.))
print(x.grad)
x.grad = None
# zh: 整数的 0 维张量也行
# en: an integer 0-d tensor too
(x * x).sum().backward(
    torch.tensor(3))
print(x.grad)
x.grad = None
# zh: 复数的不行：报错的第一句
# en: a complex one is refused
# en: (the message's first sentence)
try:
    (x * x).sum().backward(
        torch.tensor(3j))
except RuntimeError as e:
    print(str(e).split(". ")[0])
