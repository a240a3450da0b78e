w = torch.tensor([1., 2.],
                 requires_grad=True)
c = torch.tensor([3., 4.])
# zh: mul 为反向传播保存了 c，
# zh: 当时是版本 0
# en: mul saves c for backward,
# en: at version 0
loss = (w * c).sum()
# zh: out= 写进 c 里：原地操作
# en: out= writes into c: in place
torch.add(c, 1, out=c)
print(c, c._version)
loss.backward()
