x = torch.arange(4.0)
# zh: 照抄笔记里的写法
# en: as written in the notes
x.requires_grad_(Ture)
