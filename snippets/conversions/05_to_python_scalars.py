a = torch.tensor([3.5])
print((a, a.item(), float(a), int(a)))
print(type(a.item()).__name__, type(int(a)).__name__)
print(int(torch.tensor([-3.7])))  # int() truncates toward zero
print(torch.tensor([[3.5]]).item())  # one element, any number of dimensions
