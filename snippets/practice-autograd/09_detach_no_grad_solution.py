import torch

# zh: 用 detach()：只有 u 离开计算图
# en: With detach(): only u leaves
# en: the graph
x = torch.tensor([1., 2., 3.],
                 requires_grad=True)
u = (x ** 2).detach()
z = (u * x).sum()
z.backward()
print(u.requires_grad, x.grad)

# zh: 用 no_grad()：块里算的都不记录，
# zh: u 同样是常数；z 必须在块外计算，
# zh: 否则它也不需要梯度
# en: With no_grad(): nothing computed
# en: inside the block is recorded, so u
# en: is a constant too; z must be
# en: computed outside the block, or it
# en: would not require grad either
x2 = torch.tensor([1., 2., 3.],
                  requires_grad=True)
with torch.no_grad():
    u2 = x2 ** 2
z2 = (u2 * x2).sum()
z2.backward()
print(u2.requires_grad, x2.grad)
assert torch.equal(x2.grad, x.grad)
