opt.zero_grad()                      # default set_to_none=True: a.grad is None
before = a.detach().clone()
(2 * a + 3 * b).sum().backward()
opt.step()                           # a parameter whose .grad is None is skipped
print(a.grad, torch.equal(a, before))

opt = torch.optim.SGD([p for p in (a, b) if p.requires_grad], lr=0.1, momentum=0.9)
(2 * a + 3 * b).sum().backward()
opt.step()                           # or leave a out of the optimizer
print(len(opt.param_groups[0]["params"]), torch.equal(a, before))
