b = torch.tensor([1.0, 2.0])
b.item()
