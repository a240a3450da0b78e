import inspect

print(inspect.signature(
    torch.optim.Optimizer.zero_grad))

w = torch.tensor([1., 2.],
                 requires_grad=True)
opt = torch.optim.SGD([w], lr=0.1)

(w ** 2).sum().backward()
print(w.grad)
# w -= 0.1 * w.grad
opt.step()
print(w)
opt.zero_grad()
print(w.grad)

(w ** 2).sum().backward()
# zh: 填充为 0
# zh: （torch 2.0 之前的默认行为）
# en: fill with zeros (the default
# en: before torch 2.0)
opt.zero_grad(set_to_none=False)
print(w.grad)
