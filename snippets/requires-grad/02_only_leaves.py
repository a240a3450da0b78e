x = torch.arange(4.0,
                 requires_grad=True)
# zh: 由需要梯度的张量计算得到：
# zh: 不是叶子张量
# en: computed from a tensor that
# en: requires grad: a non-leaf
h = x * 2
print(h.is_leaf, h.requires_grad)
# zh: 本来就是 True：无事可做
# en: already True: nothing to do
print(h.requires_grad_(True) is h)
h.requires_grad_(False)
