p = torch.nn.Parameter(
    torch.zeros(2))
# zh: nn.Parameter 一开始就是 True
# en: an nn.Parameter starts with True
print(p.requires_grad)

# requires_grad=False
k = torch.ones(2)
w = torch.ones(2, requires_grad=True)
y = (k * w).sum()
# zh: 被记录了，因为 w 需要梯度
# en: recorded, because w requires grad
print(type(y.grad_fn).__name__)
y.backward()
# zh: k 是叶子张量，但得不到梯度
# en: k is a leaf, but gets no gradient
print(k.is_leaf, k.grad, w.grad)
