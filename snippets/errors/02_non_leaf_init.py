torch.manual_seed(0)
w = torch.randn(3, requires_grad=True) * 0.01        # scaled at init
d = torch.ones(3, requires_grad=True).double()       # dtype conversion
g = torch.ones(3, requires_grad=True).to(torch.float64)  # same node as .cuda()
for name, t in [("w", w), ("d", d), ("g", g)]:
    t.sum().backward()
    print(name, t.is_leaf, type(t.grad_fn).__name__, t.grad)
