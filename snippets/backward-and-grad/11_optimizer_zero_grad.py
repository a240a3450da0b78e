import inspect

print(inspect.signature(torch.optim.Optimizer.zero_grad))

w = torch.tensor([1., 2.], requires_grad=True)
opt = torch.optim.SGD([w], lr=0.1)

(w ** 2).sum().backward()
print(w.grad)
opt.step()  # w -= 0.1 * w.grad
print(w)
opt.zero_grad()
print(w.grad)

(w ** 2).sum().backward()
opt.zero_grad(set_to_none=False)  # fill with zeros (the default before torch 2.0)
print(w.grad)
