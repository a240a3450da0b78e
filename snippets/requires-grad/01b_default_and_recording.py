p = torch.nn.Parameter(torch.zeros(2))
print(p.requires_grad)  # an nn.Parameter starts with True

k = torch.ones(2)  # requires_grad=False
w = torch.ones(2, requires_grad=True)
y = (k * w).sum()
print(type(y.grad_fn).__name__)  # recorded, because w requires grad
y.backward()
print(k.is_leaf, k.grad, w.grad)  # k is a leaf, but gets no gradient
