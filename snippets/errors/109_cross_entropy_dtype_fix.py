F = torch.nn.functional
print(target.long())
print(F.cross_entropy(logits, target.long()))
probs = torch.tensor([[1., 0., 0.], [0., 1., 0.]])   # same shape as logits:
print(F.cross_entropy(logits, probs))                 # class probabilities
