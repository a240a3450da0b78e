# zh: 默认 set_to_none=True：
# zh: a.grad 是 None
# en: default set_to_none=True:
# en: a.grad is None
opt.zero_grad()
before = a.detach().clone()
(2 * a + 3 * b).sum().backward()
# zh: .grad 为 None 的参数会被跳过
# en: a parameter whose .grad is None
# en: is skipped
opt.step()
print(a.grad, torch.equal(a, before))

opt = torch.optim.SGD(
    [p for p in (a, b)
     if p.requires_grad],
    lr=0.1, momentum=0.9)
(2 * a + 3 * b).sum().backward()
# zh: 或者不把 a 交给优化器
# en: or leave a out of the optimizer
opt.step()
print(
    len(
        opt.param_groups[0]["params"]
    ),
    torch.equal(a, before),
)
