m = torch.tensor([[1, 2], [3, 4]])
print(m.tolist())
print(
    type(m.tolist()[0][0]).__name__)
# zh: 0 维张量得到一个普通的数
# en: a 0-d tensor gives a plain number
print(torch.tensor(3.5).tolist())
