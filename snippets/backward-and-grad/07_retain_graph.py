x = torch.tensor([1., 2., 3.], requires_grad=True)
y = (x ** 2).sum()
y.backward(retain_graph=True)  # keep the saved tensors
first = x.grad.clone()
y.backward()  # second pass: adds to x.grad
print(first)
print(x.grad)
assert torch.equal(x.grad, 2 * first)
