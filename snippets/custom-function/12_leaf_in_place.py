# zh: 输入换成需要梯度的叶子张量
# en: the input is now a leaf that
# en: requires grad
leaf = torch.tensor(
    [1., 2.], requires_grad=True)
Double_.apply(leaf)
