w = torch.tensor([1., 2.],
                 requires_grad=True)
for step in range(3):
    # zh: 每一步都构建新的计算图
    # en: a new graph every step
    loss = (w ** 2).sum()
    loss.backward()
    print(step, loss.detach(),
          w.grad)
    with torch.no_grad():
        w -= 0.25 * w.grad
    w.grad = None
