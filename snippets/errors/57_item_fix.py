loss = torch.tensor([0.5, 0.25])
# zh: 先归约成一个元素
# en: reduce to one element first
print(loss.mean().item())
# zh: 或者取出所有的数
# en: or take all the numbers
print(loss.tolist())
