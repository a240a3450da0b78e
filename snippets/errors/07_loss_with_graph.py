w = torch.tensor([1., 2.], requires_grad=True)
loss = (w * 3).sum()             # computed with autograd on
print(type(loss.grad_fn).__name__)
loss.backward()
print(w.grad)
