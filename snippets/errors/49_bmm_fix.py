x = torch.ones(2, 3)
y = torch.ones(5, 3, 4)
# zh: 给 x 加上批量维度
# en: give x the batch dimension
print(torch.bmm(x.expand(5, 2, 3),
                y).shape)
# zh: 或者让 matmul 广播它
# en: or let matmul broadcast it
print(torch.matmul(x, y).shape)
