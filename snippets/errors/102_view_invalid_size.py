# zh: 6 个元素
# en: 6 elements
x = torch.arange(6.)
# zh: 要的是 4 个元素
# en: 4 elements asked for
x.view(4)
