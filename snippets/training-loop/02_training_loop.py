for step in range(5):
    # zh: 1. 前向：构建一张新的计算图
    # en: 1. forward: builds a new graph
    pred = model(X)
    # zh: 2. 损失：计算图顶端的标量
    # en: 2. loss: a scalar at the top
    # en: of the graph
    loss = loss_fn(pred, Y)
    # zh: 3. 反向传播：
    # zh: 填充 w.grad 和 b.grad
    # en: 3. backward: fills w.grad
    # en: and b.grad
    loss.backward()
    # zh: 4. 更新：w -= lr * w.grad，
    # zh: b 同理
    # en: 4. update: w -= lr * w.grad,
    # en: same for b
    optimizer.step()
    # zh: 5. 为下一步清空梯度
    # en: 5. reset the gradients for
    # en: the next step
    optimizer.zero_grad()
    print(
        f"{step=}  "
        f"loss={loss.item():.4f}  "
        "w="
        f"{model.weight.item():.4f}"
        "  b="
        f"{model.bias.item():.4f}")
