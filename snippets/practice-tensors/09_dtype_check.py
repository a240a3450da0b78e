assert x_fixed.dtype == W.dtype, (
    "x_fixed.dtype = "
    f"{x_fixed.dtype}")
assert torch.equal(
    W @ x_fixed,
    torch.tensor([3., 8.])
), f"W @ x_fixed = {W @ x_fixed}"
