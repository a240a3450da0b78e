logits = torch.tensor(
    [[2.0, 0.5], [0.1, 1.5]],
    requires_grad=True)
labels = torch.tensor([0, 1])
accuracy = (logits.argmax(dim=1)
            == labels).float().mean()
print(accuracy,
      accuracy.requires_grad,
      accuracy.grad_fn)
accuracy.backward()
