x = torch.arange(1, 3, dtype=torch.float, requires_grad=True)  # shape [2], not [1, 2]
y = torch.arange(3, 7, dtype=torch.float, requires_grad=True).view(2, 2)
print(x.shape, y.shape)
z = torch.mm(x, y)
