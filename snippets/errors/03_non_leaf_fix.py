# zh: 先把这些运算做完，
# zh: 再把结果设为需要梯度的叶子张量
# en: Do the work first, then make the
# en: result a leaf that requires grad
torch.manual_seed(0)
w = (
    torch.randn(3) * 0.01
).requires_grad_()
d = torch.ones(
    3, dtype=torch.float64,
    requires_grad=True,
)
# zh: 或者 device="cuda"
# en: or device="cuda"
g = torch.ones(
    3, dtype=torch.float64,
    requires_grad=True,
)
for name, t in [("w", w), ("d", d),
                ("g", g)]:
    t.sum().backward()
    print(name, t.is_leaf, t.grad)
