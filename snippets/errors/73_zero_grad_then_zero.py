import inspect

w = torch.tensor([1., 2.],
                 requires_grad=True)
opt = torch.optim.SGD([w], lr=0.1)
print(inspect.signature(
    opt.zero_grad))
(w * w).sum().backward()
opt.zero_grad()
print(w.grad)
w.grad.zero_()
