logits = torch.tensor([[2., 0., 1.], [0., 3., 1.]])  # 2 samples, 3 classes
target = torch.tensor([0., 1.])                      # class indices, as floats
torch.nn.functional.cross_entropy(logits, target)
