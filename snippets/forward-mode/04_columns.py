cols = []
for e in torch.eye(2):
    with fwAD.dual_level():
        d = fwAD.make_dual(x, e)
        _, t = fwAD.unpack_dual(f(d))
    # zh: 切向量 e_j 给出 J 的第 j 列
    # en: tangent e_j gives column j
    print(e.tolist(), t)
    cols.append(t[0])
J_cols = torch.stack(cols, dim=1)
print(J_cols)
assert torch.equal(J_cols, J)
