assert torch.equal(g2, g1), (g1, g2)
assert torch.equal(
    g1, 2 * w.detach()), (g1, w)
