a = torch.tensor([3.5])
print((a, a.item(), float(a),
       int(a)))
print(type(a.item()).__name__,
      type(int(a)).__name__)
# zh: int() 向零截断
# en: int() truncates toward zero
print(int(torch.tensor([-3.7])))
# zh: 只有一个元素，维数不限
# en: one element, any number of
# en: dimensions
print(torch.tensor([[3.5]]).item())
