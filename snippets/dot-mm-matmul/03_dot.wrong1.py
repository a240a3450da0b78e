# zh: 以为 dot 是逐元素相乘
# en: if dot multiplied elementwise
print(torch.tensor([2, 3])
      * torch.tensor([2, 1]))
