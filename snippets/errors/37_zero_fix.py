w = torch.tensor([1., 2.], requires_grad=True)
opt = torch.optim.SGD([w], lr=0.25)
for step in range(2):
    opt.zero_grad()              # fine when .grad is None: sets it to None
    (w ** 2).sum().backward()
    print(step, w.grad)
    opt.step()
