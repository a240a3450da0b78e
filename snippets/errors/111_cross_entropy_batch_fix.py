# zh: 每行一个标签
# en: one label per row
target = torch.tensor([0, 1])
print(logits.shape, target.shape)
print(
    torch.nn.functional
    .cross_entropy(logits, target)
)
