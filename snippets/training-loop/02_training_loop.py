for step in range(5):
    pred = model(X)            # 1. forward: builds a new graph
    loss = loss_fn(pred, Y)    # 2. loss: a scalar at the top of the graph
    loss.backward()            # 3. backward: fills w.grad and b.grad
    optimizer.step()           # 4. update: w -= lr * w.grad, same for b
    optimizer.zero_grad()      # 5. reset the gradients for the next step
    print(f"{step=}  loss={loss.item():.4f}  "
          f"w={model.weight.item():.4f}  b={model.bias.item():.4f}")
