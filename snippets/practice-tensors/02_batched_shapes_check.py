try:
    actual_cb = tuple(
        torch.matmul(c, b).shape)
except RuntimeError:
    actual_cb = "error"
assert pred_Bw == (
    torch.matmul(B, w).shape
), f"pred_Bw = {pred_Bw!r}"
assert pred_ab == (
    torch.matmul(a, b).shape
), f"pred_ab = {pred_ab!r}"
assert pred_cb == actual_cb, (
    f"pred_cb = {pred_cb!r}")
