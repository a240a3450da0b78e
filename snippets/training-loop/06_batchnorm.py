bn = nn.BatchNorm1d(1)
print(bn.running_mean, bn.momentum)
batch = torch.tensor([[1.], [2.], [3.], [4.]])  # batch mean 2.5

with torch.no_grad():                # train mode under no_grad ...
    bn(batch)
print(bn.running_mean)               # ... still updates the statistics

bn.eval()
out = bn(batch)                      # eval mode: uses them, leaves them alone
print(bn.running_mean, out.requires_grad)
assert torch.allclose(out, (batch - bn.running_mean) / torch.sqrt(bn.running_var + bn.eps))
