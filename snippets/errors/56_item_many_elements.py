# zh: 比如 reduction="none" 时的 loss
# en: e.g. a loss with reduction="none"
loss = torch.tensor([0.5, 0.25])
loss.item()
