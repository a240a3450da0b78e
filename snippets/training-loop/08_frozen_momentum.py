a = nn.Parameter(torch.tensor([1.]))
b = nn.Parameter(torch.tensor([1.]))
opt = torch.optim.SGD([a, b], lr=0.1, momentum=0.9)

(2 * a + 3 * b).sum().backward()
opt.step()                           # a = 1 - 0.1 * 2 = 0.8; momentum buffer: 2
opt.zero_grad(set_to_none=False)     # .grad is now a zero tensor, not None
a.requires_grad_(False)              # freeze a mid-training
before = a.detach().clone()
(2 * a + 3 * b).sum().backward()
opt.step()
print(a.grad, before, a.detach())    # a gets no gradient, yet it moved
