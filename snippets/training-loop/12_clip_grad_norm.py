clipped = nn.Linear(1, 1)
with torch.no_grad():
    clipped.weight.fill_(0.)
    clipped.bias.fill_(0.)
opt = torch.optim.SGD(clipped.parameters(), lr=0.05)


def grad_norm(module):  # the norm of all gradients as one vector
    return torch.cat([p.grad.flatten() for p in module.parameters()]).norm()


loss_fn(clipped(X), Y).backward()
print(grad_norm(clipped))
# after backward() ...
total = nn.utils.clip_grad_norm_(clipped.parameters(), max_norm=1.0)
print(total, grad_norm(clipped))     # returns the norm before; .grad is rescaled
opt.step()                           # ... and before step(): it reads them
opt.zero_grad()
print(round(clipped.weight.item(), 4), round(clipped.bias.item(), 4))
