target = torch.tensor([0, 1])                        # one label per row
print(logits.shape, target.shape)
print(torch.nn.functional.cross_entropy(logits, target))
