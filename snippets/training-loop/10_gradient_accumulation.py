X4 = torch.tensor([[1.], [2.], [3.], [4.]])  # a batch of 4 ...
Y4 = 2 * X4 + 1
acc = nn.Linear(1, 1)
with torch.no_grad():
    acc.weight.fill_(0.)
    acc.bias.fill_(0.)

loss_fn(acc(X4), Y4).backward()              # the whole batch at once
full = [p.grad.clone() for p in acc.parameters()]
acc.zero_grad()

k = 2                                        # ... as 2 micro-batches of 2
for xb, yb in zip(X4.chunk(k), Y4.chunk(k)):
    (loss_fn(acc(xb), yb) / k).backward()    # .grad adds up; / k makes it the mean
print(full)
print([p.grad for p in acc.parameters()])
print([torch.equal(p.grad, g) for p, g in zip(acc.parameters(), full)])
