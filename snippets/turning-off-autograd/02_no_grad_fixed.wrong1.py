# zh: 以为 b 依赖 a，a 要求梯度，b 就也要求
# en: if b required grad because a does
a = torch.tensor([1.0, 2.0],
                 requires_grad=True)
b = a.pow(2).sum()
print(b, b.requires_grad)
