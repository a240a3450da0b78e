loss = torch.tensor([0.5, 0.25])   # e.g. a loss with reduction="none"
loss.item()
