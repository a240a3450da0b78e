# zh: 非叶子张量
# en: a non-leaf
w = torch.tensor(
    [1., 2., 3.], requires_grad=True
) * 0.01
print(w.is_leaf)
opt = torch.optim.SGD([w], lr=0.1)
