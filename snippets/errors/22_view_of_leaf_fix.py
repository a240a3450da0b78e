w = torch.tensor([1., 2., 3.],
                 requires_grad=True)
with torch.no_grad():
    w[0] = 0.
print(w, w.is_leaf)
