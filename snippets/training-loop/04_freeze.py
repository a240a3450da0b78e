torch.manual_seed(0)
net = nn.Sequential(nn.Linear(1, 2), nn.Linear(2, 1))
for p in net[0].parameters():  # freeze the first layer
    p.requires_grad_(False)
print([name for name, p in net.named_parameters() if p.requires_grad])
print(net[0](X).requires_grad)  # nothing before the second layer is recorded

frozen = net[0].weight.clone()
trained = net[1].weight.clone()
opt = torch.optim.SGD(net.parameters(), lr=0.05)
for step in range(3):
    loss = loss_fn(net(X), Y)
    loss.backward()
    print(f"{step=}  loss={loss.item():.4f}  "
          f"net[0].weight.grad={net[0].weight.grad}  net[1].weight.grad={net[1].weight.grad}")
    opt.step()
    opt.zero_grad()

print(torch.equal(net[0].weight, frozen), torch.equal(net[1].weight, trained))
