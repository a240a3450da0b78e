x = torch.tensor([1., 2.],
                 requires_grad=True)
# zh: 计算得到的：不是叶子张量
# en: computed: not a leaf
h = x * 2
h.requires_grad = False
