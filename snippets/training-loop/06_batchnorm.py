bn = nn.BatchNorm1d(1)
print(bn.running_mean, bn.momentum)
# zh: 这批数据的均值是 2.5
# en: batch mean 2.5
batch = torch.tensor(
    [[1.], [2.], [3.], [4.]])

# zh: no_grad 下的训练模式……
# en: train mode under no_grad ...
with torch.no_grad():
    bn(batch)
# zh: ……仍然会更新统计量
# en: ... still updates the statistics
print(bn.running_mean)

bn.eval()
# zh: 评估模式：使用统计量，不改动它们
# en: eval mode: uses them, leaves them
# en: alone
out = bn(batch)
print(bn.running_mean,
      out.requires_grad)
assert torch.allclose(
    out,
    (batch - bn.running_mean)
    / torch.sqrt(bn.running_var
                 + bn.eps))
