x = torch.tensor([1., 2.],
                 requires_grad=True)
# zh: 从计算图分离出来的新叶子张量
# en: a new leaf, cut from the graph
h = (x * 2).detach()
print(h.is_leaf, h.requires_grad)
