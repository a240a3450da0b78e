a = nn.Parameter(torch.tensor([1.]))
b = nn.Parameter(torch.tensor([1.]))
opt = torch.optim.SGD([a, b], lr=0.1,
                      momentum=0.9)

(2 * a + 3 * b).sum().backward()
# a = 1 - 0.1 * 2 = 0.8
# zh: 动量缓冲区：2
# en: momentum buffer: 2
opt.step()
# zh: .grad 现在是全零张量，不是 None
# en: .grad is now a zero tensor,
# en: not None
opt.zero_grad(set_to_none=False)
# zh: 训练中途冻结 a
# en: freeze a mid-training
a.requires_grad_(False)
before = a.detach().clone()
(2 * a + 3 * b).sum().backward()
opt.step()
# zh: a 没有得到梯度，却还是动了
# en: a gets no gradient, yet it moved
print(a.grad, before, a.detach())
