print(torch.arange(4),
      torch.arange(4).dtype)
print(torch.arange(4.0),
      torch.arange(4.0).dtype)
