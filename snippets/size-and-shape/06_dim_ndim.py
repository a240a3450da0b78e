for t in (torch.tensor(2.0),
          torch.tensor([2.0]),
          torch.zeros(2, 3)):
    print(t.dim(), t.ndim,
          len(t.shape), t.numel(),
          t.shape)
