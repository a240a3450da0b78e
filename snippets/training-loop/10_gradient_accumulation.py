# zh: 一个含 4 个样本的批次……
# en: a batch of 4 ...
X4 = torch.tensor(
    [[1.], [2.], [3.], [4.]])
Y4 = 2 * X4 + 1
acc = nn.Linear(1, 1)
with torch.no_grad():
    acc.weight.fill_(0.)
    acc.bias.fill_(0.)

# zh: 整个批次一次算完
# en: the whole batch at once
loss_fn(acc(X4), Y4).backward()
full = [p.grad.clone()
        for p in acc.parameters()]
acc.zero_grad()

# zh: ……分成 2 个微批次，各 2 个样本
# en: ... as 2 micro-batches of 2
k = 2
for xb, yb in zip(X4.chunk(k),
                  Y4.chunk(k)):
    # zh: .grad 会累加；除以 k 得到均值
    # en: .grad adds up;
    # en: / k makes it the mean
    (loss_fn(acc(xb), yb)
     / k).backward()
print(full)
print([p.grad
       for p in acc.parameters()])
print([torch.equal(p.grad, g)
       for p, g in zip(
           acc.parameters(), full)])
