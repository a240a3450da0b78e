import torch

a = torch.tensor([1.0, 2.0],
                 requires_grad=True)
with torch.no_grad():
    # zh: 照笔记原样
    # en: as written in the notes
    b = n.pow(2).sum()
