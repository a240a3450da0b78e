import torch


def shape_of(x):
    """Return the shape of x."""
    # zh: 笔记里的写法
    # en: the notes' spelling
    return x.shape()


print(torch.tensor(2.0),
      torch.tensor([2.0]))
