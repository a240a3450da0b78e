clipped = nn.Linear(1, 1)
with torch.no_grad():
    clipped.weight.fill_(0.)
    clipped.bias.fill_(0.)
opt = torch.optim.SGD(
    clipped.parameters(), lr=0.05)


# zh: 把所有梯度看成一个向量，求范数
# en: the norm of all gradients
# en: as one vector
def grad_norm(module):
    return torch.cat([
        p.grad.flatten()
        for p in module.parameters()
    ]).norm()


loss_fn(clipped(X), Y).backward()
print(grad_norm(clipped))
# zh: 在 backward() 之后……
# en: after backward() ...
total = nn.utils.clip_grad_norm_(
    clipped.parameters(),
    max_norm=1.0)
# zh: 返回裁剪前的范数；.grad 被缩放了
# en: returns the norm before;
# en: .grad is rescaled
print(total, grad_norm(clipped))
# zh: ……并且在 step() 之前：
# zh: step() 要读裁剪后的梯度
# en: ... and before step():
# en: it reads them
opt.step()
opt.zero_grad()
print(
    round(clipped.weight.item(), 4),
    round(clipped.bias.item(), 4))
