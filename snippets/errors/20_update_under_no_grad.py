w = torch.tensor([1., 2.],
                 requires_grad=True)
for step in range(2):
    (w ** 2).sum().backward()
    # zh: 更新本身不属于模型
    # en: the update itself is not
    # en: part of the model
    with torch.no_grad():
        w -= 0.25 * w.grad
    print(step, w.is_leaf, w)
    w.grad = None
