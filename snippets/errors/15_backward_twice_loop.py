w = torch.tensor([1., 2.], requires_grad=True)
loss = (w ** 2).sum()            # built once, outside the loop
for step in range(2):
    loss.backward()              # the second pass fails
    print(step, w.grad)
