assert pred_vv == (
    torch.matmul(v, v).shape
), f"pred_vv = {pred_vv!r}"
assert pred_Mw == (
    torch.matmul(M, w).shape
), f"pred_Mw = {pred_Mw!r}"
assert pred_vM == (
    torch.matmul(v, M).shape
), f"pred_vM = {pred_vM!r}"
