torch.manual_seed(0)
# zh: 初始化时乘上缩放系数
# en: scaled at init
w = torch.randn(
    3, requires_grad=True) * 0.01
# zh: dtype 转换
# en: dtype conversion
d = torch.ones(
    3, requires_grad=True).double()
# zh: 与 .cuda() 产生的是同一种节点
# en: same node as .cuda()
g = torch.ones(
    3, requires_grad=True
).to(torch.float64)
for name, t in [("w", w), ("d", d),
                ("g", g)]:
    t.sum().backward()
    print(name, t.is_leaf,
          type(t.grad_fn).__name__,
          t.grad)
