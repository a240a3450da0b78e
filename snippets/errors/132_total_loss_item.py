total_loss = 0.
for step in range(3):
    loss = (model(torch.randn(4, 2))
            .pow(2).mean())
    loss.backward()
    optimizer.step()
    optimizer.zero_grad()
    # zh: Python 浮点数：计算图可以释放
    # en: a Python float:
    # en: the graph can go
    total_loss += loss.item()
print(type(total_loss).__name__,
      round(total_loss, 4))
# zh: 或者保留一个不带计算图的张量
# en: or keep a tensor without its graph
print(loss.detach().grad_fn)
