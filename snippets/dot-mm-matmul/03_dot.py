# zh: 笔记里的例子：2*2 + 3*1
# en: The notes' example: 2*2 + 3*1
print(torch.dot(
    torch.tensor([2, 3]),
    torch.tensor([2, 1])))
