w = torch.tensor([1., 2.],
                 requires_grad=True)
# zh: 只在循环外构建一次
# en: built once, outside the loop
loss = (w ** 2).sum()
for step in range(2):
    # zh: 第二次反向传播会失败
    # en: the second pass fails
    loss.backward()
    print(step, w.grad)
