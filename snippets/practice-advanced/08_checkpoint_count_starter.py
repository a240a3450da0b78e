import torch
from torch.utils.checkpoint import (
    checkpoint)

calls = 0


def block(x):
    global calls
    calls += 1
    return (torch.sin(x)
            * torch.cos(x))


def run(x):
    # zh: TODO：让这个块经过梯度检查点
    # en: TODO: put the block under a
    # en: checkpoint
    return block(x).sum()


x = torch.tensor([0., 1., 2.],
                 dtype=torch.float64,
                 requires_grad=True)
out = run(x)
print(calls)
