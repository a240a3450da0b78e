w = torch.tensor([1., 2.], requires_grad=True)
for step in range(2):
    (w ** 2).sum().backward()
    with torch.no_grad():        # the update itself is not part of the model
        w -= 0.25 * w.grad
    print(step, w.is_leaf, w)
    w.grad = None
