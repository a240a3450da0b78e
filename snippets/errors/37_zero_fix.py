w = torch.tensor([1., 2.],
                 requires_grad=True)
opt = torch.optim.SGD([w], lr=0.25)
for step in range(2):
    # zh: .grad 为 None 时也没问题：
    # zh: 把它设为 None
    # en: fine when .grad is None:
    # en: sets it to None
    opt.zero_grad()
    (w ** 2).sum().backward()
    print(step, w.grad)
    opt.step()
