torch.manual_seed(0)
net = nn.Sequential(nn.Linear(1, 2),
                    nn.Linear(2, 1))
# zh: 冻结第一层
# en: freeze the first layer
for p in net[0].parameters():
    p.requires_grad_(False)
print([name for name, p
       in net.named_parameters()
       if p.requires_grad])
# zh: 第二层之前的计算都不被记录
# en: nothing before the second layer
# en: is recorded
print(net[0](X).requires_grad)

frozen = net[0].weight.clone()
trained = net[1].weight.clone()
opt = torch.optim.SGD(
    net.parameters(), lr=0.05)
for step in range(3):
    loss = loss_fn(net(X), Y)
    loss.backward()
    print(
        f"{step=}  "
        f"loss={loss.item():.4f}  "
        f"net[0].weight.grad="
        f"{net[0].weight.grad}  "
        f"net[1].weight.grad="
        f"{net[1].weight.grad}")
    opt.step()
    opt.zero_grad()

print(torch.equal(net[0].weight,
                  frozen),
      torch.equal(net[1].weight,
                  trained))
