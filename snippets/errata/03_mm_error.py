x = torch.arange(1, 3, dtype=torch.float, requires_grad=True)  # shape [2]
torch.mm(x, y)
