w = torch.tensor([1., 2.], requires_grad=True)
with torch.no_grad():            # e.g. an evaluation helper, reused
    loss = (w * 3).sum()
print(loss.requires_grad, loss.grad_fn)
loss.backward()
