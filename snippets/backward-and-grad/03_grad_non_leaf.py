x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
# zh: 非叶子张量
# en: non-leaf
h = 3 * x
y = (h ** 2).sum()
gh, gx = torch.autograd.grad(
    y, [h, x])
print(h.is_leaf, gh)
print(gx)
assert (torch.equal(gh, 2 * h)
        and torch.equal(gx, 18 * x))
