w = torch.tensor([1., 2.],
                 requires_grad=True)
loss = (3 * w).sum()
for step in range(3):
    loss.backward(retain_graph=True)
    print(step, loss.item(),
          w.detach())
    with torch.no_grad():
        w -= 0.25 * w.grad
    w.grad = None
