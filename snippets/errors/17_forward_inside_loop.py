w = torch.tensor([1., 2.], requires_grad=True)
for step in range(3):
    loss = (w ** 2).sum()        # a new graph every step
    loss.backward()
    print(step, loss.detach(), w.grad)
    with torch.no_grad():
        w -= 0.25 * w.grad
    w.grad = None
