# Do the work first, then make the result a leaf that requires grad
torch.manual_seed(0)
w = (torch.randn(3) * 0.01).requires_grad_()
d = torch.ones(3, dtype=torch.float64, requires_grad=True)
g = torch.ones(3, dtype=torch.float64, requires_grad=True)  # or device="cuda"
for name, t in [("w", w), ("d", d), ("g", g)]:
    t.sum().backward()
    print(name, t.is_leaf, t.grad)
