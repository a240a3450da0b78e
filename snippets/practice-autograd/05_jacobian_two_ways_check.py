assert J_auto is not None, J_auto
assert J_auto.shape == (2, 2), (
    J_auto.shape)
assert torch.equal(J_rows, J_auto), (
    J_rows, J_auto)
