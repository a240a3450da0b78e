w = torch.ones(4, requires_grad=True)
print(w[1:3]._base is w,
      w[0]._base is w,
      w.view(2, 2)._base is w)
print(w[[0, 1]]._base is None,
      w[w > 0]._base is None)
