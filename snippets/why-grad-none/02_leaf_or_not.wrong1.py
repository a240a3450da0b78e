# zh: 以为 x 就是用 requires_grad=True 创建的那个张量
# en: the belief: x is the tensor created with requires_grad=True
x = torch.tensor(
    [[2., 1.]], requires_grad=True)
print("x.is_leaf:", x.is_leaf)
