# A common wrong "fix": retain_graph=True. Now the old graph is reused after w changed
w = torch.tensor([1., 2.], requires_grad=True)
loss = (w ** 2).sum()
for step in range(2):
    loss.backward(retain_graph=True)
    print(step, loss.detach(), w.grad)
    with torch.no_grad():
        w -= 0.25 * w.grad
    w.grad = None
