import torch


def shape_of(x):
    """Return the shape of tensor x."""
    return x.shape()  # the notes' spelling


print(torch.tensor(2.0), torch.tensor([2.0]))
