m = torch.tensor([[1, 2], [3, 4]])
print(m.tolist())
print(type(m.tolist()[0][0]).__name__)
print(torch.tensor(3.5).tolist())  # a 0-d tensor gives a plain number
