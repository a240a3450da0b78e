logits = torch.tensor([[2., 0., 1.], [0., 3., 1.]])  # 2 rows: 2 samples
target = torch.tensor([0, 1, 2])                     # 3 labels
torch.nn.functional.cross_entropy(logits, target)
