# zh: 以为 dot 会先把输入展平
# en: if dot flattened its inputs
torch.dot(
    torch.rand(2, 3).flatten(),
    torch.rand(2, 2).flatten())
