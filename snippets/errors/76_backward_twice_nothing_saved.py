w = torch.tensor([1., 2.],
                 requires_grad=True)
loss = (w + 1).sum()
for step in range(3):
    loss.backward()
print(w.grad)
